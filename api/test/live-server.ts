import http from "node:http";
import type { Express } from "express";
import type { Database } from "../src/db/database";
import type { User } from "../src/generated/prisma/client";
import { issueSignInToken } from "./sign-in";

/**
 * A server on 127.0.0.1 (for streams, which supertest buffers) that hands requests to the app
 * given to `serve`: one server per test file, so clients never reuse a connection to a closed
 * one. Tests keep to ports 3490-3499.
 */
export async function listen(port: number) {
  let app: Express | undefined;
  const server = http.createServer((req, res) => {
    if (app) return app(req, res);
    res.writeHead(503).end("no app");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    serve(next: Express) {
      app = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Signs the user in through the real sign-in-link endpoint and returns the session cookie. */
export async function signInCookie(baseUrl: string, db: Database, user: User): Promise<string> {
  const token = await issueSignInToken(db, user);
  const response = await fetch(`${baseUrl}/api/auth/verify-link`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

/** Starts a GraphQL subscription over Server-Sent Events; `abort` disconnects like a closed browser tab. */
export async function subscribe(baseUrl: string, query: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream", ...headers },
    body: JSON.stringify({ query }),
    signal: abort.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  return {
    response,
    /** The payload of the next `event: next` (a GraphQL result). */
    async next(): Promise<{ data?: Record<string, unknown>; errors?: { message: string; extensions?: Record<string, unknown> }[] }> {
      for (;;) {
        const event = /event: next\ndata: (.*)\n\n/.exec(buffered);
        if (event) {
          buffered = buffered.slice(event.index + event[0].length);
          return JSON.parse(event[1]);
        }
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended; it sent: ${buffered}`);
        buffered += decoder.decode(value, { stream: true });
      }
    },
    abort: () => abort.abort(),
  };
}
