/** @db */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { serverAudits } from "graphql-http";
import request from "supertest";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let server: http.Server;
let url: string;

beforeAll(async () => {
  db = await createTestDatabase();
  server = http.createServer(createTestApp(db).app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

describe("GraphQL over HTTP conformance (graphql-http audits)", () => {
  for (const audit of serverAudits({ url: () => url, fetchFn: fetch })) {
    if (!audit.name.startsWith("MUST")) continue;
    it(audit.name, async () => {
      const result = await audit.fn();
      expect(result).toMatchObject({ status: "ok" });
    });
  }
});

describe("/graphql", () => {
  it("serves GraphiQL to browsers", async () => {
    const response = await request(server).get("/graphql").set("accept", "text/html").expect(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.text).toContain("Tickerscope GraphQL API");
  });

  it("answers the Relay node interface; an id of no public type is NOT_FOUND", async () => {
    const empty = await request(server).post("/graphql").send({ query: "{ nodes(ids: []) { id } }" }).expect(200);
    expect(empty.body).toEqual({ data: { nodes: [] } });

    const contactId = Buffer.from("ContactMessage:1").toString("base64");
    const response = await request(server)
      .post("/graphql")
      .send({ query: `{ node(id: "${contactId}") { id } }` })
      .expect(200);
    expect(response.body.data).toEqual({ node: null });
    expect(response.body.errors[0]).toMatchObject({ message: "No object exists with this id.", extensions: { code: "NOT_FOUND" } });
  });

  // Queries run compiled (graphql-jit), and compiled plans are cached per document:
  // a document with several operations must still run the one operationName names.
  it("runs the operation named by operationName when a document holds several", async () => {
    const query = "query A { contactDetails { email } } query B { screenUniverses { label } }";
    const second = await request(server).post("/graphql").send({ query, operationName: "B" }).expect(200);
    expect(second.body.data).toHaveProperty("screenUniverses");
    const first = await request(server).post("/graphql").send({ query, operationName: "A" }).expect(200);
    expect(first.body.data).toEqual({ contactDetails: expect.any(Object) });
  });

  it("reports a malformed query as a GraphQL error, not a crash", async () => {
    const response = await request(server).post("/graphql").send({ query: "{ contactDetails { nope } }" });
    expect(response.body.errors[0].message).toMatch(/Cannot query field "nope"/);
  });
});

describe("CORS", () => {
  const preflight = (app: Parameters<typeof request>[0], origin: string) =>
    request(app).options("/graphql").set("origin", origin).set("access-control-request-method", "POST");

  it("gives another site's page nothing by default: no Access-Control-Allow-* headers, so browsers refuse to read", async () => {
    const { app } = createTestApp(db);
    const answer = await request(app).post("/graphql").set("origin", "https://evil.example").send({ query: "{ __typename }" });
    expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
    expect(answer.headers["access-control-allow-credentials"]).toBeUndefined();
    expect((await preflight(app, "https://evil.example")).headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("allows exactly the origins on CORS_ALLOWED_ORIGINS, with credentials", async () => {
    const { app } = createTestApp(db, { CORS_ALLOWED_ORIGINS: "https://app.example.com, https://admin.example.com" });
    const allowed = await preflight(app, "https://admin.example.com");
    expect(allowed.headers).toMatchObject({ "access-control-allow-origin": "https://admin.example.com", "access-control-allow-credentials": "true" });
    expect((await preflight(app, "https://app.example.com.evil.example")).headers["access-control-allow-origin"]).toBeUndefined();
  });
});
