/** @db */
// While the bundled data loads after a first start, data requests are told how far it has got
// (503 DATA_LOADING with the share loaded) and everything else is served; then data is served.
import request from "supertest";
import { buildApp } from "../http/app";
import { createTestDeps } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { createStartupStatus } from "./startup-status";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

function loadingApp() {
  const deps = createTestDeps(db);
  const startup = createStartupStatus();
  startup.databaseOpened();
  startup.planSteps([
    { name: "prices", title: "daily prices", weight: 3 },
    { name: "news:reuters", title: "reuters news", weight: 1 },
  ]);
  startup.stepProgress("prices", "loading", 0.5);
  return { startup, app: buildApp({ ...deps, startup }, { webDistDir: "/nonexistent" }) };
}

const graphql = (app: ReturnType<typeof buildApp>, query: string) =>
  request(app).post("/graphql").set("x-graphql-yoga-csrf", "1").send({ query });

it("answers data queries and REST data routes with DATA_LOADING and the share loaded, then with data once it is in", async () => {
  const { startup, app } = loadingApp();
  // (2 for the database + 3 × 0.5 of the prices) of 6.
  const loading = await graphql(app, "{ screenUniverses { label size } }");
  expect(loading.body.errors[0]).toMatchObject({ extensions: { code: "DATA_LOADING", loadedPercent: 58, retryAfterSeconds: 2 } });
  expect(loading.body.errors[0].message).toMatch(/loading the bundled data \(58 %\)/);
  // Through a fragment on Query too.
  const viaFragment = await graphql(app, "query { ...Q } fragment Q on Query { viewer { email } aiTrackRecord { costBps } }");
  expect(viaFragment.body.errors[0].extensions.code).toBe("DATA_LOADING");
  const rest = await request(app).get("/api/news-sentiment/AAPL").expect(503);
  expect(rest.headers["retry-after"]).toBe("2");
  expect(rest.body).toMatchObject({ code: "DATA_LOADING", loadedPercent: 58 });

  const ready = await request(app).get("/readyz").expect(503);
  expect(ready.body).toMatchObject({
    status: "loading",
    loadedPercent: 58,
    steps: [
      { name: "prices", state: "loading", percent: 50 },
      { name: "news:reuters", state: "waiting", percent: 0 },
    ],
  });
  await request(app).get("/healthz").expect(200);

  startup.dataLoaded();
  const served = await graphql(app, "{ screenUniverses { label size } }");
  expect(served.body.errors).toBeUndefined();
  expect(served.body.data.screenUniverses.length).toBeGreaterThan(0);
  expect((await request(app).get("/readyz").expect(200)).body).toMatchObject({ status: "ready", loadedPercent: 100 });
});

it("serves accounts, plans and the contact details while the data loads", async () => {
  const { app } = loadingApp();
  const response = await graphql(app, "{ viewer { email } contactDetails { email } }");
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data).toMatchObject({ viewer: null, contactDetails: { email: expect.any(String) } });
  await request(app).get("/api/auth/user").expect((res) => expect(res.status).not.toBe(503));
});
