// What the HTTP benchmarks share: the app served in-process on a free port and a keep-alive client
// sending one request at a time, each answering its own duration (percentiles, timing and the
// report come from ../bench/harness: `measure(() => send(...), { runs, warmUp: 1, reported: true })`).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Worker } from "node:worker_threads";
import type { Express } from "express";

export type BenchServer = {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Sends one request and answers its duration; a non-200 answer or a GraphQL `errors` rejects. */
  send(method: "GET" | "POST", url: string, body?: unknown): Promise<number>;
  close(): Promise<void>;
};

/** Serves `app` on 127.0.0.1, with `headers` (e.g. a session cookie or an API key) on every request. */
export async function serveForBench(app: Express, headers: Record<string, string> = {}): Promise<BenchServer> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    url: `http://127.0.0.1:${port}`,
    send: (method, url, body) =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const call = http.request(
          { host: "127.0.0.1", port, path: url, method, agent, headers: { ...headers, ...(payload ? { "content-type": "application/json" } : {}) } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => {
              const elapsed = performance.now() - started;
              const text = Buffer.concat(chunks).toString();
              if (response.statusCode !== 200 || (url === "/graphql" && (JSON.parse(text) as { errors?: unknown }).errors)) {
                reject(new Error(`${url}: ${response.statusCode} ${text.slice(0, 200)}`));
              } else resolve(elapsed);
            });
          },
        );
        call.on("error", reject);
        call.end(payload);
      }),
    close: async () => {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Epoch milliseconds, comparable between threads (each thread's performance.now() has its own origin). */
export const epochNow = () => performance.timeOrigin + performance.now();

/**
 * A client thread: sends one request after another (waiting `gapMs` after each answer) from "start"
 * to "stop", then posts every sample: when it was sent (epoch ms), how long the answer took, and
 * whether it failed.
 */
const loopClientSource = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const now = () => performance.timeOrigin + performance.now();
const { port, method, path, body, gapMs } = workerData;
const payload = body === null ? null : JSON.stringify(body);
function send() {
  return new Promise((resolve) => {
    const at = now();
    const headers = payload === null ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) };
    const req = http.request({ host: "127.0.0.1", port, path, method, agent, headers }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ at, ms: now() - at, error: res.statusCode === 200 ? null : res.statusCode + " " + text.slice(0, 200) });
      });
    });
    req.on("error", (error) => resolve({ at, ms: now() - at, error: String(error) }));
    req.end(payload === null ? undefined : payload);
  });
}
let running = false;
const samples = [];
parentPort.on("message", async (message) => {
  if (message === "stop") {
    running = false;
    return;
  }
  running = true;
  while (running) {
    samples.push(await send());
    if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  parentPort.postMessage(samples);
});
`;

/** One request's timing from a loop client: sent at (epoch ms), took ms, and the failure (null when 200). */
export type Sample = { at: number; ms: number; error: string | null };

/**
 * A client on its own thread (as a load balancer or a browser is another process), sending the same
 * request again and again until stopped; `stop()` answers every sample.
 */
export function startLoopClient(workerData: { port: number; method: "GET" | "POST"; path: string; body: unknown; gapMs: number }) {
  const worker = new Worker(loopClientSource, { eval: true, workerData });
  worker.postMessage("start");
  return {
    async stop(): Promise<Sample[]> {
      const samples = new Promise<Sample[]>((resolve) => worker.once("message", resolve));
      worker.postMessage("stop");
      const result = await samples;
      await worker.terminate();
      return result;
    },
  };
}
