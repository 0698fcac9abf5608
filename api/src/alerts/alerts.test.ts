/** @db */
import request from "supertest";
import { loadSnapshotPrices } from "../../test/market-data";
import { createUser, signedInAgent } from "../../test/sign-in";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import type { User } from "../generated/prisma/client";
import { saveScreen } from "../screening/saved-screens";
import { evaluateAlerts } from "./alert-evaluation";
import { replayAlerts } from "./alert-replay";
import { WEB_SCREEN_HISTORY_RUNS } from "./alerts.graphql";
import { scheduleAlertEvaluation } from "./alert-schedule";
import { eventually } from "../../test/eventually";
import { factsOfDay, tradingDaysFrom } from "./alert-facts";
import { deliverDueAlerts } from "./delivery/dispatcher";
import { startReceiver, type Receiver } from "./delivery/delivery-scenarios";
import { verifyWebhookSignature } from "./delivery/webhook-signature";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let test: ReturnType<typeof createTestApp>;
let receiver: Receiver;
/** The last 40 stored trading days of AAPL. */
let days: string[];

type FieldErrors = { field: string; message: string }[];
type Body = { data: Record<string, Record<string, unknown>> | null; errors?: { message: string; extensions?: { code?: string; fieldErrors?: FieldErrors } }[] };
type Sender = { post(url: string): request.Test };

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset();
  // The local receiver listens on 127.0.0.1: allowed as for a receiver on your own network.
  test = createTestApp(db, { WEB_REQUESTS_PER_10_MINUTES: "1000000", API_POINTS_PER_HOUR: "1000000", ALERT_WEBHOOK_ALLOW_PRIVATE: "true", ALERT_DELIVERY_POLL_SECONDS: "0" });
  await loadSnapshotPrices(db, ["AAPL", "MSFT", "KO"]);
  const { byTicker } = await test.deps.technicals.bars();
  days = byTicker.get("AAPL")!.dates.slice(-40);
  receiver = await startReceiver();
}, 120_000);
afterAll(async () => {
  await receiver.close();
  await db.close();
});

const graphql = async (query: string, variables: Record<string, unknown>, sender: Sender): Promise<Body> =>
  (await sender.post("/graphql").send({ query, variables })).body as Body;
const create = `mutation Create($input: CreateAlertInput!) { createAlert(input: $input) { alert { id name condition channels webhookSecret params { direction level } } } }`;
const fieldsOf = (body: Body) => body.errors?.[0]?.extensions?.fieldErrors?.map((error) => error.field);

/** Two consecutive trading days on which AAPL closed higher, with both closes. */
async function risingDay(): Promise<{ before: string; day: string; closeBefore: number; close: number }> {
  for (let index = days.length - 1; index > 0; index -= 1) {
    const [then, now] = await Promise.all([factsOfDay(test.deps, ["AAPL"], days[index - 1]), factsOfDay(test.deps, ["AAPL"], days[index])]);
    const [closeBefore, close] = [then.byTicker.get("AAPL")!.close, now.byTicker.get("AAPL")!.close];
    if (close > closeBefore * 1.001) return { before: days[index - 1], day: days[index], closeBefore, close };
  }
  throw new Error("AAPL never rose in the last 40 days of the snapshot");
}

describe("saving an alert", () => {
  let basic: Sender;
  let basicUser: User;
  beforeAll(async () => {
    basicUser = await createUser(db);
    basic = await signedInAgent(test.app, db, basicUser);
  });

  it("names every broken rule at once and saves nothing", async () => {
    const body = await graphql(
      create,
      { input: { name: " ", condition: "PRICE_CROSS", params: { direction: "sideways", level: -5 }, ticker: "ZZZZQ", channels: ["WEBHOOK"] } },
      basic,
    );
    expect(body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(fieldsOf(body)).toEqual(expect.arrayContaining(["name", "params.direction", "params.level", "ticker", "channels"]));
    const settingOfAnother = await graphql(create, { input: { name: "RSI", condition: "RSI_LEVEL", params: { direction: "above", level: 70, percent: 3 }, ticker: "AAPL" } }, basic);
    expect(fieldsOf(settingOfAnother)).toEqual(["params"]);
    const screenOnTicker = await graphql(create, { input: { name: "Screen", condition: "SCREEN_ENTER", ticker: "AAPL" } }, basic);
    expect(fieldsOf(screenOnTicker)).toEqual(["ticker"]);
    const fund = await graphql(create, { input: { name: "Berkshire", condition: "FUND_CHANGE", params: { change: "any" }, ticker: "AAPL" } }, basic);
    expect(body.errors).toBeDefined();
    expect(fund.errors?.[0]?.extensions?.fieldErrors).toEqual([{ field: "condition", message: expect.stringContaining("Pro") }]);
    expect(await db.prisma.alert.count({ where: { userId: basicUser.id } })).toBe(0);
  });

  it("keeps a Basic user to 3 alerts, each name once, and the alerts private", async () => {
    for (const name of ["One", "Two", "Three"]) {
      const body = await graphql(create, { input: { name, condition: "RSI_LEVEL", params: { direction: "above", level: 70 }, ticker: "aapl", channels: ["EMAIL"] } }, basic);
      expect(body.errors).toBeUndefined();
    }
    const fourth = await graphql(create, { input: { name: "Four", condition: "PRICE_MOVE", params: { direction: "either", percent: 3 }, ticker: "KO" } }, basic);
    expect(fourth.errors?.[0]?.extensions?.fieldErrors).toEqual([{ field: "name", message: expect.stringContaining("at most 3 alerts on the Basic plan") }]);
    const alerts = await db.prisma.alert.findMany({ where: { userId: basicUser.id } });
    expect(alerts.map((alert) => alert.ticker)).toEqual(["AAPL", "AAPL", "AAPL"]);

    const other = await signedInAgent(test.app, db, await createUser(db));
    const [alert] = alerts;
    const globalId = Buffer.from(`Alert:${alert.id}`).toString("base64");
    expect((await graphql(`query($id: ID!) { node(id: $id) { ... on Alert { name } } }`, { id: globalId }, other)).data!.node).toBeNull();
    expect((await (other as unknown as request.Agent).get(`/api/alerts/${alert.id}`)).status).toBe(404);
    expect((await request(test.app).get("/api/alerts")).status).toBe(401);
  });

  it("gives Pro webhooks a signing secret, and refuses URLs that are not https on a public address", async () => {
    const pro = await signedInAgent(test.app, db, await createUser(db, { pro: true }));
    const created = await graphql(
      create,
      { input: { name: "Hook", condition: "PRICE_MOVE", params: { direction: "up", percent: 2 }, ticker: "MSFT", channels: ["WEBHOOK"], webhookUrl: `${receiver.origin}/hook` } },
      pro,
    );
    expect(created.errors).toBeUndefined();
    expect(created.data!.createAlert.alert).toMatchObject({ channels: ["WEBHOOK"], webhookSecret: expect.stringMatching(/^whsec_/) });

    // Without the test setting, a loopback or private address is refused by field.
    const strict = createTestApp(db, { WEB_REQUESTS_PER_10_MINUTES: "1000000" });
    const strictPro = await signedInAgent(strict.app, db, await createUser(db, { pro: true }));
    for (const url of [`${receiver.origin}/hook`, "https://10.1.2.3/hook", "http://93.184.216.34/hook"]) {
      const refused = await graphql(create, { input: { name: url, condition: "PRICE_MOVE", params: { direction: "up", percent: 2 }, ticker: "MSFT", channels: ["WEBHOOK"], webhookUrl: url } }, strictPro);
      expect(fieldsOf(refused)).toEqual(["webhookUrl"]);
    }
  });
});

describe("evaluating a data event", () => {
  it("fires a price crossing once per fact, with the values of both days", async () => {
    const user = await createUser(db);
    const rising = await risingDay();
    const level = Number(((rising.closeBefore + rising.close) / 2).toFixed(2));
    const alert = await db.prisma.alert.create({
      data: { userId: user.id, name: "Cross", condition: "price_cross", params: { direction: "above", level }, ticker: "AAPL", channels: ["email"] },
    });
    const event = { kind: "prices" as const, day: rising.day, tickers: ["AAPL"], origin: "live" as const };
    const first = await evaluateAlerts(test.deps, event);
    expect(first).toMatchObject({ alreadyEvaluated: false, firings: 1 });
    const [firing] = await db.prisma.alertFiring.findMany({ where: { alertId: alert.id }, include: { deliveries: true } });
    expect(firing).toMatchObject({ ticker: "AAPL", factKey: rising.day, origin: "live" });
    expect(firing.evidence).toMatchObject({
      level,
      before: { day: rising.before, value: rising.closeBefore },
      after: { day: rising.day, value: rising.close },
      source: expect.stringContaining("prices"),
    });
    expect(firing.summary).toContain(`AAPL closed at ${rising.close.toFixed(2)} on ${rising.day}, above ${level.toFixed(2)}`);
    expect(firing.deliveries.map((delivery) => delivery.channel)).toEqual(["email"]);

    // The same event again, and the same day replayed: the fact has fired already.
    expect(await evaluateAlerts(test.deps, event)).toMatchObject({ alreadyEvaluated: true, firings: 0 });
    expect(await evaluateAlerts(test.deps, { ...event, origin: "replay", userId: user.id })).toMatchObject({ alreadyEvaluated: false, firings: 0 });
    expect(await db.prisma.alertFiring.count({ where: { alertId: alert.id } })).toBe(1);
  });

  it("is run by the evaluation job for each data event a pass announces, and reaches the bell's event bus", async () => {
    const user = await createUser(db);
    const rising = await risingDay();
    const alert = await db.prisma.alert.create({
      data: { userId: user.id, name: "Job", condition: "price_move", params: { direction: "up", percent: 0.1 }, ticker: "AAPL", channels: [] },
    });
    const fired = test.deps.alertEvents.subscribe("alerts:fired");
    const arrived = fired.next();
    const stop = scheduleAlertEvaluation(test.deps);
    try {
      test.deps.dataEvents.publish("data:changed", { kind: "prices", day: rising.day, tickers: ["AAPL", "KO"] });
      await eventually(async () => (await db.prisma.alertFiring.count({ where: { alertId: alert.id, factKey: rising.day } })) === 1);
      expect((await arrived).value).toEqual(expect.arrayContaining([expect.objectContaining({ userId: user.id })]));
    } finally {
      await stop();
      await fired.return?.();
    }
  });

  it("stores nothing when an evaluation dies before committing, and everything once when run again", async () => {
    const user = await createUser(db);
    const rising = await risingDay();
    await db.prisma.alert.create({
      data: { userId: user.id, name: "Digest", condition: "price_move", params: { direction: "either", percent: 0.1 }, ticker: "AAPL", channels: ["email"], emailMode: "digest" },
    });
    const event = { kind: "prices" as const, day: rising.day, tickers: ["AAPL"], origin: "live" as const, userId: user.id };
    // A digest hour that is not a time makes the delivery rows unwritable after the firings were inserted.
    const broken = { ...test.deps, config: { ...test.deps.config, alerts: { ...test.deps.config.alerts, digestHourUtc: Number.NaN } } };
    await expect(evaluateAlerts(broken, event)).rejects.toThrow();
    expect(await db.prisma.alertFiring.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.prisma.alertEvaluation.count({ where: { eventKey: { contains: user.id } } })).toBe(0);

    const [a, b] = await Promise.all([evaluateAlerts(test.deps, event), evaluateAlerts(test.deps, event)]);
    expect(a.firings + b.firings).toBe(1);
    expect([a.alreadyEvaluated, b.alreadyEvaluated].sort()).toEqual([false, true]);
    expect(await db.prisma.alertDelivery.count({ where: { firing: { userId: user.id } } })).toBe(1);
  });
});

describe("replaying the stored history", () => {
  it("fires a Basic watchlist alert and a Pro screen webhook alert once each, through the bell, the mail and the webhook", async () => {
    const basicUser = await createUser(db);
    const proUser = await createUser(db, { pro: true });
    const basic = await signedInAgent(test.app, db, basicUser);
    const pro = await signedInAgent(test.app, db, proUser);

    const list = await graphql(`mutation { createWatchlist(name: "Mine", tickers: ["AAPL", "MSFT", "KO"]) { watchlist { id } } }`, {}, basic);
    const watchlistId = (list.data!.createWatchlist.watchlist as { id: string }).id;
    expect((await graphql(create, { input: { name: "Moves", condition: "PRICE_MOVE", params: { direction: "either", percent: 1 }, watchlistId, channels: ["EMAIL"] } }, basic)).errors).toBeUndefined();

    const screen = await saveScreen({ db, viewer: { user: proUser, authMethod: "session" } }, { name: "RSI over 55", kind: "basic", request: { universe: "manual", tickers: ["AAPL", "MSFT", "KO"], minRsi: 55 } });
    const savedScreenId = Buffer.from(`SavedScreen:${screen.id}`).toString("base64");
    const hook = await graphql(
      create,
      { input: { name: "Enters", condition: "SCREEN_ENTER", savedScreenId, channels: ["EMAIL", "WEBHOOK"], webhookUrl: `${receiver.origin}/screen` } },
      pro,
    );
    expect(hook.errors).toBeUndefined();
    const secret = (hook.data!.createAlert.alert as { webhookSecret: string }).webhookSecret;

    const from = (await tradingDaysFrom(test.deps, days[10], 1))[0];
    const replay = `mutation($from: String!, $days: Int!) { replayAlerts(from: $from, days: $days) { firings days { day firings } } }`;
    const basicReplay = await graphql(replay, { from, days: 20 }, basic);
    const proReplay = await graphql(replay, { from, days: 20 }, pro);
    const basicFirings = (basicReplay.data!.replayAlerts as { firings: number }).firings;
    const proFirings = (proReplay.data!.replayAlerts as { firings: number }).firings;
    expect(basicFirings).toBeGreaterThan(0);
    expect(proFirings).toBeGreaterThan(0);

    // The bell counts them; the replay fired only the replaying user's alerts.
    const bell = `{ viewer { unreadAlertCount alertFirings(first: 100) { edges { node { ticker day summary origin before { day value } after { day value } } } } } }`;
    const basicBell = (await graphql(bell, {}, basic)).data!.viewer as { unreadAlertCount: number; alertFirings: { edges: { node: { origin: string; before: { value: number }; after: { value: number } } }[] } };
    expect(basicBell.unreadAlertCount).toBe(basicFirings);
    expect(basicBell.alertFirings.edges.every(({ node }) => node.origin === "replay" && Math.abs(node.after.value / node.before.value - 1) >= 0.01)).toBe(true);

    await deliverDueAlerts(test.deps);
    await deliverDueAlerts(test.deps);
    const mails = test.deps.mailer.outbox();
    expect(mails.filter((mail) => mail.to === basicUser.email)).toHaveLength(basicFirings);
    expect(mails.filter((mail) => mail.to === proUser.email)).toHaveLength(proFirings);
    const hooks = receiver.requests.filter((received) => received.path === "/screen");
    expect(hooks).toHaveLength(proFirings);
    expect(new Set(hooks.map((received) => received.deliveryId)).size).toBe(proFirings);
    for (const received of hooks) {
      expect(verifyWebhookSignature(secret, String(received.headers["tickerscope-signature"]), received.rawBody)).toBe(true);
      expect(JSON.parse(received.rawBody)).toMatchObject({ type: "alert.fired", firing: { summary: expect.stringContaining("entered your screen “RSI over 55”") } });
    }

    // Replaying the same days again fires and sends nothing new.
    expect((await graphql(replay, { from, days: 20 }, pro)).data!.replayAlerts).toMatchObject({ firings: 0 });
    await deliverDueAlerts(test.deps);
    expect(receiver.requests.filter((received) => received.path === "/screen")).toHaveLength(proFirings);

    // An alert made since fires on those days when they are replayed again, and its digest lists the whole replay in one mail.
    const digest = { name: "KO moves", condition: "PRICE_MOVE", params: { direction: "either", percent: 0.5 }, ticker: "KO", channels: ["EMAIL"], emailMode: "DIGEST" };
    expect((await graphql(create, { input: digest }, pro)).errors).toBeUndefined();
    const again = (await graphql(replay, { from, days: 20 }, pro)).data!.replayAlerts as { firings: number; days: { firings: number }[] };
    expect(again.days.filter((day) => day.firings > 0).length).toBeGreaterThan(1);
    await deliverDueAlerts(test.deps);
    const digestMails = test.deps.mailer.outbox().filter((mail) => mail.to === proUser.email && mail.subject.startsWith("Tickerscope alerts:"));
    expect(digestMails).toHaveLength(1);
    expect(digestMails[0].text).toContain(`fired ${again.firings} times`);

    const badReplay = await graphql(replay, { from: "1990-01-02", days: 99 }, basic);
    expect(fieldsOf(badReplay)).toEqual(["days"]);
  }, 180_000);

  it("replays every user's alerts, or one user's, through the admin route the CLI uses", async () => {
    const token = "admin-token-for-the-replay-test-0123456789";
    const admin = createTestApp(db, { ADMIN_TOKEN: token, ALERT_DELIVERY_POLL_SECONDS: "0" });
    const user = await createUser(db);
    await db.prisma.alert.create({ data: { userId: user.id, name: "Any move", condition: "price_move", params: { direction: "either", percent: 0.1 }, ticker: "KO", channels: [] } });
    const path = "/api/admin/alert-replays";
    expect((await request(admin.app).post(path).send({ from: days[30], days: 3 })).status).toBe(401);
    const unknown = await request(admin.app).post(path).set("authorization", `Bearer ${token}`).send({ from: days[30], days: 3, email: "nobody@example.com" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors ?? unknown.body.fieldErrors).toEqual([{ field: "email", message: "No user has this email." }]);
    const replayed = await request(admin.app).post(path).set("authorization", `Bearer ${token}`).send({ from: days[30], days: 3, email: user.email });
    expect(replayed.status).toBe(200);
    expect(replayed.body.days).toHaveLength(3);
    expect(await db.prisma.alertFiring.count({ where: { userId: user.id } })).toBe(replayed.body.firings);
  });
});

describe("an alert's history", () => {
  it("finds over the stored history the days live evaluation fires on, with forward returns against the universe", async () => {
    const user = await createUser(db);
    const pro = await signedInAgent(test.app, db, user);
    const input = { name: "Golden", condition: "SMA_CROSS", params: { fast: 5, slow: 20, direction: "above" }, ticker: "AAPL" };
    const preview = `query($input: CreateAlertInput!) { alertHistoryPreview(input: $input) {
      available total from to source warnings
      firings(first: 200) { ticker day summary forward { days stock universe excess } }
      horizons { days measured meanExcess excessLow excessHigh hitRate } } }`;
    const body = await graphql(preview, { input }, pro);
    expect(body.errors).toBeUndefined();
    type History = { available: boolean; total: number; firings: { day: string; summary: string; forward: { days: number; stock: number | null; universe: number | null; excess: number | null }[] }[]; horizons: { days: number; measured: number; meanExcess: number | null; excessLow: number | null; excessHigh: number | null }[] };
    const history = body.data!.alertHistoryPreview as unknown as History;
    expect(history.available).toBe(true);
    expect(history.total).toBeGreaterThan(5);
    for (const firing of history.firings) {
      for (const forward of firing.forward) if (forward.excess !== null) expect(forward.excess).toBeCloseTo(forward.stock! - forward.universe!, 10);
    }
    const [five, month] = history.horizons;
    expect([five.days, month.days]).toEqual([5, 21]);
    expect(five.measured).toBeGreaterThan(0);
    expect(five.excessLow!).toBeLessThanOrEqual(five.meanExcess!);
    expect(five.excessHigh!).toBeGreaterThanOrEqual(five.meanExcess!);

    // Saved and replayed over the last 30 stored days, it fires on exactly the history's days there.
    const alert = await db.prisma.alert.create({ data: { userId: user.id, name: "Golden", condition: "sma_cross", params: input.params, ticker: "AAPL", channels: [] } });
    await replayAlerts(test.deps, { from: days[10], days: 30, userId: user.id });
    const replayed = await db.prisma.alertFiring.findMany({ where: { alertId: alert.id }, orderBy: { day: "desc" } });
    const expected = history.firings.filter((firing) => firing.day >= days[10]).map((firing) => firing.day);
    expect(replayed.map((firing) => firing.day.toISOString().slice(0, 10))).toEqual(expected);
  }, 120_000);

  it("runs one history or replay per request, however the request aliases them", async () => {
    const user = await createUser(db);
    const agent = await signedInAgent(test.app, db, user);
    for (const name of ["First", "Second"]) {
      await db.prisma.alert.create({ data: { userId: user.id, name, condition: "rsi_level", params: { direction: "above", level: 70 }, ticker: "AAPL", channels: [] } });
    }
    // Inside a list a history would run for each alert (up to 200): refused; one at a time through node(id:).
    const everyHistory = await graphql(`{ viewer { alerts { edges { node { history { total } } } } } }`, {}, agent);
    expect(everyHistory.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", screens: 2 });
    const [first, second] = (await db.prisma.alert.findMany({ where: { userId: user.id } })).map((alert) => Buffer.from(`Alert:${alert.id}`).toString("base64"));
    const one = await graphql(`query($id: ID!) { node(id: $id) { ... on Alert { history { total } } } }`, { id: first }, agent);
    expect(one.errors).toBeUndefined();
    const twice = await graphql(`query($a: ID!, $b: ID!) { a: node(id: $a) { ... on Alert { history { total } } } b: node(id: $b) { ... on Alert { history { total } } } }`, { a: first, b: second }, agent);
    expect(twice.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", screens: 2 });
    const replays = await graphql(`mutation { a: replayAlerts(from: "${days[0]}", days: 1) { firings } b: replayAlerts(from: "${days[1]}", days: 1) { firings } }`, {}, agent);
    expect(replays.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", screens: 2 });
    expect(await db.prisma.alertFiring.count({ where: { userId: user.id } })).toBe(0);
  });

  it("runs a saved screen at every stored day, as a replay of those days fires it", async () => {
    const user = await createUser(db, { pro: true });
    const agent = await signedInAgent(test.app, db, user);
    const screen = await saveScreen({ db, viewer: { user, authMethod: "session" } }, { name: "Strong", kind: "basic", request: { universe: "manual", tickers: ["AAPL", "MSFT", "KO"], minRsi: 55 } });
    const input = { name: "Enters", condition: "SCREEN_ENTER", savedScreenId: Buffer.from(`SavedScreen:${screen.id}`).toString("base64") };
    const body = await graphql(`query($input: CreateAlertInput!) { alertHistoryPreview(input: $input) { available from to warnings firings(first: 200) { ticker day } } }`, { input }, agent);
    expect(body.errors).toBeUndefined();
    const history = body.data!.alertHistoryPreview as unknown as { available: boolean; from: string; to: string; warnings: string[]; firings: { ticker: string; day: string }[] };
    const { tradingDays } = await test.deps.technicals.bars();
    expect(history).toMatchObject({ available: true, from: tradingDays[1], to: tradingDays.at(-1) });

    const alert = await db.prisma.alert.create({ data: { userId: user.id, name: "Enters", condition: "screen_enter", params: {}, savedScreenId: screen.id, channels: [] } });
    await replayAlerts(test.deps, { from: days[10], days: 30, userId: user.id });
    const replayed = await db.prisma.alertFiring.findMany({ where: { alertId: alert.id } });
    const key = (firing: { ticker: string; day: string }) => `${firing.day} ${firing.ticker}`;
    const inReplay = history.firings.filter((firing) => firing.day >= days[10]);
    expect(inReplay.length).toBeGreaterThan(0);
    expect(replayed.map((firing) => key({ ticker: firing.ticker, day: firing.day.toISOString().slice(0, 10) })).sort()).toEqual(inReplay.map(key).sort());
  }, 120_000);

  it("prices a saved screen's history for the API as the screens it runs", async () => {
    const user = await createUser(db, { pro: true });
    const agent = await signedInAgent(test.app, db, user);
    const key = await graphql(`mutation { createApiKey(input: { name: "histories" }) { secret } }`, {}, agent);
    const secret = (key.data!.createApiKey as { secret: string }).secret;
    const screen = await saveScreen({ db, viewer: { user, authMethod: "session" } }, { name: "Priced", kind: "basic", request: { universe: "manual", tickers: ["AAPL"] } });
    const preview = `query($input: CreateAlertInput!) { alertHistoryPreview(input: $input) { total } }`;
    const pointsFor = async (input: Record<string, unknown>) => {
      const response = await request(test.app).post("/graphql").set("authorization", `Bearer ${secret}`).send({ query: preview, variables: { input } });
      expect(response.body.errors).toBeUndefined();
      return Number(response.headers["x-ratelimit-used"]);
    };
    const afterPrice = await pointsFor({ name: "Moves", condition: "PRICE_MOVE", params: { direction: "either", percent: 3 }, ticker: "AAPL" });
    const afterScreen = await pointsFor({ name: "Enters", condition: "SCREEN_ENTER", savedScreenId: Buffer.from(`SavedScreen:${screen.id}`).toString("base64") });
    expect(afterPrice).toBeLessThan(20);
    expect(afterScreen - afterPrice).toBeGreaterThanOrEqual(200);
  });

  it("spends a web session's screen runs on a saved screen's history, not on a ticker's", async () => {
    const limited = createTestApp(db, { WEB_SCREEN_RUNS_PER_10_MINUTES: String(2 * WEB_SCREEN_HISTORY_RUNS + 5), ALERT_DELIVERY_POLL_SECONDS: "0" });
    const user = await createUser(db, { pro: true });
    const agent = await signedInAgent(limited.app, db, user);
    const screen = await saveScreen({ db, viewer: { user, authMethod: "session" } }, { name: "Spent", kind: "basic", request: { universe: "manual", tickers: ["KO"] } });
    const preview = `query($input: CreateAlertInput!) { alertHistoryPreview(input: $input) { total } }`;
    const onScreen = { name: "Enters", condition: "SCREEN_ENTER", savedScreenId: Buffer.from(`SavedScreen:${screen.id}`).toString("base64") };
    for (let index = 0; index < 2; index++) expect((await graphql(preview, { input: onScreen }, agent)).errors).toBeUndefined();
    expect((await graphql(preview, { input: onScreen }, agent)).errors?.[0]?.extensions?.code).toBe("RATE_LIMITED");
    const onTicker = { name: "Moves", condition: "PRICE_MOVE", params: { direction: "either", percent: 3 }, ticker: "KO" };
    expect((await graphql(preview, { input: onTicker }, agent)).errors).toBeUndefined();
  });

  it("finds an earnings alert's days from the calendar at each day, as a replay of those days does", async () => {
    const user = await createUser(db);
    const agent = await signedInAgent(test.app, db, user);
    const input = { name: "Report soon", condition: "EARNINGS_WITHIN", params: { days: 10 }, ticker: "AAPL" };
    const body = await graphql(`query($input: CreateAlertInput!) { alertHistoryPreview(input: $input) { available source firings(first: 200) { day summary } } }`, { input }, agent);
    expect(body.errors).toBeUndefined();
    const history = body.data!.alertHistoryPreview as unknown as { available: boolean; source: string; firings: { day: string; summary: string }[] };
    expect(history.available).toBe(true);
    expect(history.source).toContain("earnings calendar");

    const alert = await db.prisma.alert.create({ data: { userId: user.id, name: "Report soon", condition: "earnings_within", params: input.params, ticker: "AAPL", channels: [] } });
    await replayAlerts(test.deps, { from: days[10], days: 30, userId: user.id });
    const replayed = await db.prisma.alertFiring.findMany({ where: { alertId: alert.id }, orderBy: { day: "desc" } });
    const expected = history.firings.filter((firing) => firing.day >= days[10]);
    expect(expected.length).toBeGreaterThan(0);
    expect(replayed.map((firing) => [firing.day.toISOString().slice(0, 10), firing.summary])).toEqual(expected.map((firing) => [firing.day, firing.summary]));
  }, 120_000);
});
