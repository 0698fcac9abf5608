/** @db */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { createTestApp, createTestDeps } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { buildApp } from "./app";

// fetch (undici) decodes br and gzip itself and keeps the headers that say which was sent.
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let webDist: string;
let server: http.Server;
let baseUrl: string;

const script = "export const greeting = 'hello';\n".repeat(200);

beforeAll(async () => {
  db = await createTestDatabase();
  // A build the way `npm run build` leaves it: hashed assets with .br and .gz beside them.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-web-dist-"));
  fs.mkdirSync(path.join(webDist, "assets"));
  fs.writeFileSync(path.join(webDist, "index.html"), '<!doctype html><script type="module" src="/assets/index-AbC123.js"></script>');
  // ".br" inside a name must not confuse which file is the compressed twin of which.
  for (const name of ["index-AbC123.js", "styled.browser-XyZ789.js"]) {
    const file = path.join(webDist, "assets", name);
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
  }
  fs.writeFileSync(path.join(webDist, "assets", "small-Qq1.css"), "body{margin:0}");
  server = http.createServer(buildApp(createTestDeps(db), { webDistDir: webDist }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(`${baseUrl}${url}`, { headers });

describe("dynamic responses", () => {
  it("compress a GraphQL answer with br, or gzip when that is all the client takes", async () => {
    const body = JSON.stringify({ query: "{ __schema { types { name description } } }" });
    const ask = (acceptEncoding: string) =>
      fetch(`${baseUrl}/graphql`, { method: "POST", headers: { "content-type": "application/json", "accept-encoding": acceptEncoding }, body });
    const br = await ask("gzip, deflate, br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toMatch(/Accept-Encoding/i);
    expect((await br.json()).data.__schema.types.length).toBeGreaterThan(10);
    expect((await ask("gzip")).headers.get("content-encoding")).toBe("gzip");
    expect((await ask("identity")).headers.get("content-encoding")).toBeNull();
  });

  it("stream subscription events uncompressed, so each arrives when it happens", async () => {
    const abort = new AbortController();
    try {
      const response = await fetch(`${baseUrl}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream", "accept-encoding": "br, gzip" },
        body: JSON.stringify({ query: 'subscription { newsArticlesAdded(tickers: ["AAPL"]) { title } }' }),
        signal: abort.signal,
      });
      expect(response.headers.get("content-type")).toMatch(/text\/event-stream/);
      expect(["none", null]).toContain(response.headers.get("content-encoding"));
      // The server opens every stream with a keep-alive comment; a compressor would sit on it.
      const first = await response.body!.getReader().read();
      expect(new TextDecoder().decode(first.value)).toBe(":\n\n");
    } finally {
      abort.abort();
    }
  });
});

describe("the built web app", () => {
  it("sends a hashed asset as the build's .br or .gz, cached for a year", async () => {
    for (const name of ["index-AbC123.js", "styled.browser-XyZ789.js"]) {
      const br = await get(`/assets/${name}`, { "accept-encoding": "gzip, deflate, br" });
      expect(br.status).toBe(200);
      expect(br.headers.get("content-encoding")).toBe("br");
      expect(Number(br.headers.get("content-length"))).toBe(fs.statSync(path.join(webDist, "assets", `${name}.br`)).size);
      expect(br.headers.get("content-type")).toMatch(/^text\/javascript/);
      expect(br.headers.get("vary")).toMatch(/Accept-Encoding/i);
      expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await br.text()).toBe(script);
    }
    const gzip = await get("/assets/index-AbC123.js", { "accept-encoding": "gzip" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(await gzip.text()).toBe(script);
    const plain = await get("/assets/index-AbC123.js", { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it("sends a file the build did not compress as it is", async () => {
    const css = await get("/assets/small-Qq1.css", { "accept-encoding": "br, gzip" });
    expect(css.headers.get("content-encoding")).toBeNull();
    expect(await css.text()).toBe("body{margin:0}");
  });
});

describe("GraphiQL", () => {
  it("is a small page whose scripts and styles are files cached for a year, compressed", async () => {
    const page = await get("/graphql", { accept: "text/html", "accept-encoding": "br, gzip" });
    const html = await page.text();
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(html.length).toBeLessThan(10_000);
    expect(html).toContain("<title>Tickerscope GraphQL API</title>");
    // No inline script: the page lives under the site's CSP.
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(html.match(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")/g)).toBeNull();

    const files = [...html.matchAll(/(?:src|href)="(\/graphiql\/[^"]+)"/g)].map((match) => match[1]);
    expect(files.some((file) => file.endsWith(".css"))).toBe(true);
    expect(files.filter((file) => file.endsWith(".js")).length).toBeGreaterThanOrEqual(2);
    // Monaco's editor workers, named in the page's options.
    const workers = Object.values<string>(JSON.parse(/<script type="application\/json" id="graphiql-config">(.*?)<\/script>/s.exec(html)![1]).workers);
    expect(workers).toHaveLength(3);

    for (const file of [...files, ...workers]) {
      const response = await get(file, { "accept-encoding": "br, gzip" });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(file.endsWith(".css") ? /^text\/css/ : /^text\/javascript/);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("content-encoding")).toBe("br");
      expect(Number(response.headers.get("content-length"))).toBeLessThan((await response.arrayBuffer()).byteLength);
      // A browser revalidating (fetch would add "no-cache" to a conditional request without it).
      const again = await get(file, { "accept-encoding": "br, gzip", "if-none-match": response.headers.get("etag")!, "cache-control": "max-age=0" });
      expect(again.status).toBe(304);
    }
    expect((await get("/graphiql/graphiql.nothing-here.js")).status).toBe(404);
    // The first request for each file compresses it (~9 MB in all, about 1.5 s of CPU).
  }, 30_000);

  it("still opens in an app built with no web app (API only)", async () => {
    const { app } = createTestApp(db);
    const apiOnly = http.createServer(app);
    await new Promise<void>((resolve) => apiOnly.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = apiOnly.address() as AddressInfo;
      const html = await (await fetch(`http://127.0.0.1:${port}/graphql`, { headers: { accept: "text/html" } })).text();
      const bundle = /src="(\/graphiql\/graphiql\.[^"]+\.js)"/.exec(html)![1];
      expect((await fetch(`http://127.0.0.1:${port}${bundle}`)).status).toBe(200);
    } finally {
      await new Promise((resolve) => apiOnly.close(resolve));
    }
  });
});
