/** @db */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import request from "supertest";
import { createTestDatabase } from "../../../test/test-database";
import { loadConfig } from "../../config/config";
import type { AppDeps } from "../../context";
import { errorHandler } from "../../http/error-handler";
import { createLogger } from "../../logging/logger";
import { createMailer } from "../../mail/mailer";
import { createFiringScenario } from "./delivery-scenarios";
import { deliverDueAlerts } from "./dispatcher";
import { checkWebhookUrl, webhookAddressOptions } from "./webhook-address";
import { webhookInboxRoutes, type WebhookInboxEntry } from "./webhook-inbox.routes";
import { signWebhook } from "./webhook-signature";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let server: http.Server;
let origin: string;
let deps: AppDeps;
let app: express.Express;

/** The app's pieces these routes use, as a start builds them: strict webhook addresses, mail to the outbox. */
function inboxApp(environment: NodeJS.ProcessEnv) {
  const config = loadConfig({ NODE_ENV: "test", ...environment });
  const logger = createLogger(config);
  const appDeps = { db, config, logger, mailer: createMailer(config, logger) } as unknown as AppDeps;
  const inbox = express();
  inbox.use(webhookInboxRoutes(appDeps));
  inbox.use(errorHandler);
  return { deps: appDeps, app: inbox };
}

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset();
  // The app's own address is PUBLIC_URL: the server listens first, so its port is known.
  server = http.createServer((req, res) => app(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({ deps, app } = inboxApp({ PUBLIC_URL: origin }));
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

const inbox = async (): Promise<(Omit<WebhookInboxEntry, "receivedAt"> & { receivedAt: string })[]> =>
  (await request(app).get("/api/dev/webhooks").expect(200)).body.requests;

describe("the development webhook inbox", () => {
  it("receives an alert's webhook offline: the URL is allowed while mail goes to the outbox, and the signature checks out", async () => {
    const url = await checkWebhookUrl(`${origin}/dev/webhooks/try-it`, webhookAddressOptions(deps));
    const { alert, deliveries } = await createFiringScenario(db, { now: new Date(), channels: ["webhook"], webhookUrl: url });
    expect(await deliverDueAlerts(deps)).toMatchObject({ claimed: 1, delivered: 1 });
    const [entry] = await inbox();
    expect(entry).toMatchObject({
      name: "try-it",
      status: 200,
      signatureValid: true,
      headers: { "tickerscope-delivery": deliveries[0].id, "tickerscope-event": "alert.fired", "user-agent": "Tickerscope-Webhooks/1" },
    });
    expect(JSON.parse(entry.rawBody)).toMatchObject({ deliveryId: deliveries[0].id, alert: { id: alert.id } });
    // Other paths of the app stay out of reach.
    await expect(checkWebhookUrl(`${origin}/api/admin/13f-imports`, webhookAddressOptions(deps))).rejects.toMatchObject({
      fieldErrors: [{ field: "webhookUrl", message: expect.stringMatching(/https/) }],
    });
  });

  it("answers the status asked for, so retries can be watched", async () => {
    const url = await checkWebhookUrl(`${origin}/dev/webhooks/flaky?status=503`, webhookAddressOptions(deps));
    const { deliveries } = await createFiringScenario(db, { now: new Date(), channels: ["webhook"], webhookUrl: url });
    expect(await deliverDueAlerts(deps)).toMatchObject({ claimed: 1, retrying: 1 });
    expect(await db.prisma.alertDelivery.findUniqueOrThrow({ where: { id: deliveries[0].id } })).toMatchObject({ status: "pending", lastStatusCode: 503 });
    expect((await inbox())[0]).toMatchObject({ name: "flaky", status: 503, signatureValid: true });
  });

  it("flags a body that was changed after signing, and one naming no alert", async () => {
    const { alert } = await createFiringScenario(db, { now: new Date(), channels: ["webhook"], webhookUrl: `${origin}/dev/webhooks/x` });
    const body = JSON.stringify({ type: "alert.fired", alert: { id: alert.id } });
    const signature = signWebhook(alert.webhookSecret!, body, Date.now() / 1000);
    const send = (name: string, raw: string) => request(app).post(`/dev/webhooks/${name}`).set("Content-Type", "application/json").set("Tickerscope-Signature", signature).send(raw);
    await send("good", body).expect(200, { received: true, status: 200 });
    await send("tampered", body.replace("alert.fired", "alert.fixed")).expect(200);
    await send("stranger", JSON.stringify({ alert: { id: "00000000-0000-4000-8000-000000000000" } })).expect(200);
    const byName = new Map((await inbox()).map((entry) => [entry.name, entry]));
    expect(byName.get("good")!.signatureValid).toBe(true);
    expect(byName.get("tampered")!.signatureValid).toBe(false);
    expect(byName.get("stranger")!.signatureValid).toBeNull();
  });

  it("refuses what is not a JSON body of at most 256 kB, a bad status and a bad name, naming each", async () => {
    const post = (path: string, body: string) => request(app).post(path).set("Content-Type", "application/json").send(body);
    expect((await post("/dev/webhooks/a", "not json").expect(400)).body.errors).toEqual([{ field: "body", message: "Request body must be valid JSON." }]);
    expect((await post("/dev/webhooks/a?status=99", "{}").expect(400)).body.errors[0].field).toBe("status");
    expect((await post("/dev/webhooks/a?status=5e2", "{}").expect(400)).body.errors[0].field).toBe("status");
    expect((await post("/dev/webhooks/a%20b", "{}").expect(400)).body.errors[0].field).toBe("name");
    expect((await post("/dev/webhooks/big", JSON.stringify({ pad: "x".repeat(300 * 1024) })).expect(413)).body.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("keeps the last 50 requests, newest first", async () => {
    for (let index = 0; index < 55; index++) await request(app).post(`/dev/webhooks/n${index}`).set("Content-Type", "application/json").send("{}").expect(200);
    const entries = await inbox();
    expect(entries).toHaveLength(50);
    expect(entries[0].name).toBe("n54");
    expect(entries[49].name).toBe("n5");
  });

  it("shows the list only on this machine, as a page or JSON", async () => {
    const page = await request(app).get("/dev/webhooks").set("Accept", "text/html").expect(200);
    expect(page.text).toContain("Development webhook inbox");
    expect(page.headers["cache-control"]).toMatch(/no-store/);
    // A name pointed at 127.0.0.1 by another site (DNS rebinding) is not this machine.
    await request(app).get("/api/dev/webhooks").set("Host", "attacker.example").expect(404);
  });

  it("is not there when mail is really delivered (SMTP)", async () => {
    const smtp = inboxApp({ PUBLIC_URL: origin, SMTP_URL: "smtp://mail.example:25" });
    await request(smtp.app).post("/dev/webhooks/a").set("Content-Type", "application/json").send("{}").expect(404);
    await request(smtp.app).get("/api/dev/webhooks").expect(404);
    await expect(checkWebhookUrl(`${origin}/dev/webhooks/a`, webhookAddressOptions(smtp.deps))).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
  });
});
