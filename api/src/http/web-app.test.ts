/** @db */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import request from "supertest";
import { appRoutePaths } from "@shared/route-paths";
import { createTestDeps } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { buildApp } from "./app";

// The status a browser (and a search engine, or a link checker) gets for a page address.
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof buildApp>;
const appHtml = '<!doctype html><div id="root"></div>';

beforeAll(async () => {
  db = await createTestDatabase();
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-web-dist-"));
  fs.mkdirSync(path.join(webDist, "assets"));
  fs.writeFileSync(path.join(webDist, "index.html"), appHtml);
  app = buildApp(createTestDeps(db), { webDistDir: webDist });
});
afterAll(() => db.close());

const visit = (url: string) => request(app).get(url).set("Accept", "text/html");

describe("page addresses", () => {
  it.each(appRoutePaths.map((route) => route.replace(":ticker", "AAPL")))("%s answers 200 with the app", async (url) => {
    const response = await visit(url);
    expect(response.status).toBe(200);
    expect(response.text).toBe(appHtml);
  });

  it("answers 200 with a query string or a trailing slash", async () => {
    expect((await visit("/screener?asOf=2020-04-22")).status).toBe(200);
    expect((await visit("/pricing/")).status).toBe(200);
  });

  it.each(["/no-such-page", "/stocks", "/stocks/AAPL/extra", "/screener/more"])(
    "%s answers 404, with the app as the body so it shows its Not Found page",
    async (url) => {
      const response = await visit(url);
      expect(response.status).toBe(404);
      expect(response.text).toBe(appHtml);
      expect(response.headers["cache-control"]).toBe("no-cache");
    },
  );

  it("sends /graphiql to GraphiQL at /graphql", async () => {
    for (const url of ["/graphiql", "/graphiql/"]) {
      const response = await visit(url);
      expect(response.status).toBe(308);
      expect(response.headers.location).toBe("/graphql");
    }
    const graphiql = await visit("/graphql");
    expect(graphiql.status).toBe(200);
    expect(graphiql.text).toContain("GraphiQL");
  });

  it("keeps unknown API addresses as JSON 404s", async () => {
    const response = await request(app).get("/api/no-such-route").set("Accept", "application/json");
    expect(response.status).toBe(404);
    expect(response.body.code).toBe("NOT_FOUND");
  });
});
