// What the HTTP benchmarks share: the app served in-process on a free port and a keep-alive client
// sending one request at a time, each answering its own duration (percentiles, timing and the
// report come from ../bench/harness: `measure(() => send(...), { runs, warmUp: 1, reported: true })`).
import http from "node:http";
import type { AddressInfo } from "node:net";
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
