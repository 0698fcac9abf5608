// What the HTTP benchmarks share: the app served in-process on a free port, a keep-alive client
// sending one request at a time, and p50/p95 over a run of requests.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";

export const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))];

/** The result of `task` and how long it took, in milliseconds. */
export async function timed<T>(task: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await task();
  return [result, performance.now() - started];
}

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

/** p50 and p95 of `runs` requests, after one that fills the caches. */
export async function measureRequests(request: () => Promise<number>, runs: number): Promise<{ p50: number; p95: number }> {
  await request();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await request());
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}
