/** @db */
import zlib from "node:zlib";
import { GraphQLError } from "graphql";
import pino from "pino";
import request from "supertest";
import { loadConfig } from "../config/config";
import { buildDeps } from "../deps";
import { AppError } from "../errors/app-error";
import { TEST_SESSION_SECRET } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { buildApp } from "./app";
import { yogaLogging } from "./graphql-errors";

// Requests Express or Yoga cannot read are the client's mistake: a 4xx naming the problem, logged
// as a warning. Only unexpected failures are errors.

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

/** The app with a logger whose lines the test reads back. */
function appWithLogLines() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const config = loadConfig({ NODE_ENV: "test", AUTH_CACHE_MS: "0" });
  const app = buildApp(buildDeps({ config, db, logger, sessionSecret: TEST_SESSION_SECRET }), { webDistDir: "/nonexistent" });
  return { app, errorLines: () => lines.filter((line) => line.level >= 50), warnLines: () => lines.filter((line) => line.level === 40) };
}

const contact = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", investmentFocus: "individual", message: "Hello" };

describe("REST requests that cannot be read", () => {
  it("answers each with a 4xx naming the problem, logged as a warning", async () => {
    const { app, errorLines, warnLines } = appWithLogLines();
    const json = (headers: Record<string, string>, body: string | Buffer) => request(app).post("/api/contact").set({ "content-type": "application/json", ...headers }).send(body);

    const path = await request(app).get("/api/news-sentiment/%FF").expect(400);
    expect(path.body).toMatchObject({ code: "BAD_USER_INPUT", errors: [{ field: "path", message: "The URL path is not valid percent-encoded UTF-8." }] });
    const charset = await json({ "content-type": "application/json; charset=koi8-r" }, "{}").expect(415);
    expect(charset.body).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE", message: expect.stringMatching(/charset "koi8-r"/) });
    const encoding = await json({ "content-encoding": "compress" }, "{}").expect(415);
    expect(encoding.body.message).toMatch(/Content-Encoding "compress"/);
    const corrupt = await json({ "content-encoding": "gzip" }, "not gzip").expect(400);
    expect(corrupt.body.message).toMatch(/could not be decompressed/);
    const large = await json({}, JSON.stringify({ ...contact, message: "x".repeat(200_000) })).expect(413);
    expect(large.body).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: expect.stringMatching(/too large/) });

    expect(errorLines()).toEqual([]);
    expect(warnLines()).toHaveLength(5);
  });

  it("still reads a well-formed gzip body", async () => {
    const { app } = appWithLogLines();
    await request(app)
      .post("/api/contact")
      .set({ "content-type": "application/json", "content-encoding": "gzip" })
      // As sent: superagent would otherwise JSON-encode the Buffer.
      .serialize((body) => body)
      .send(zlib.gzipSync(JSON.stringify(contact)))
      .expect(201);
  });
});

describe("GraphQL requests that cannot be read", () => {
  const get = (app: ReturnType<typeof appWithLogLines>["app"], search: string) =>
    request(app).get(`/graphql?${search}`).set({ accept: "application/json", "x-graphql-yoga-csrf": "1" });

  it("answers malformed variables or extensions in a GET with 400 naming the parameter", async () => {
    const { app, errorLines } = appWithLogLines();
    const variables = await get(app, "query=%7B__typename%7D&variables=%7B").expect(400);
    expect(variables.body.errors).toEqual([{ message: "The variables parameter must be valid JSON.", extensions: { code: "BAD_USER_INPUT" } }]);
    const extensions = await get(app, "query=%7B__typename%7D&extensions=%7Bx").expect(400);
    expect(extensions.body.errors[0].message).toBe("The extensions parameter must be valid JSON.");
    await get(app, "query=%7B__typename%7D&variables=%7B%7D").expect(200);
    expect(errorLines()).toEqual([]);
  });

  it("answers a body over 256 KB with 413", async () => {
    const { app } = appWithLogLines();
    const body = JSON.stringify({ query: "{ __typename }", variables: { padding: "x".repeat(300 * 1024) } });
    const response = await request(app).post("/graphql").set("content-type", "application/json").send(body).expect(413);
    expect(response.body.errors[0].message).toMatch(/too large/i);
  });

  it("logs user-input errors as warnings, not errors", async () => {
    const { app, errorLines, warnLines } = appWithLogLines();
    const response = await request(app)
      .post("/graphql")
      .send({ query: `{ stock(ticker: "ZZZZ") { ticker } }` })
      .expect(200);
    expect(response.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(errorLines()).toEqual([]);
    expect(warnLines()).toEqual([expect.objectContaining({ msg: "GraphQL request refused", path: ["stock"] })]);
  });
});

describe("yogaLogging", () => {
  it("writes a client error as a warning and anything else as an error with its stack", () => {
    const lines: { level: number; msg: string; err?: { message: string; stack: string } }[] = [];
    const logging = yogaLogging(pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) }));
    logging.error(new GraphQLError("Invalid input: name", { originalError: new AppError("BAD_USER_INPUT", "Invalid input: name") }));
    logging.error(new GraphQLError("boom", { originalError: new Error("boom") }));
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, msg: "GraphQL request refused" }),
      expect.objectContaining({ level: 50, msg: "unexpected GraphQL error", err: expect.objectContaining({ message: "boom", stack: expect.any(String) }) }),
    ]);
  });
});
