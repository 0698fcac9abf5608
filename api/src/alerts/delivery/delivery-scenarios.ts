// Named fixtures for the delivery tests and bench:alert-webhooks: a user's alert with one firing and
// its deliveries, written as the evaluator writes them, and a local webhook receiver
// (http.createServer on 127.0.0.1) that answers as told and counts requests by delivery id.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Database } from "../../db/database";
import type { Alert, AlertDelivery, AlertFiring, User } from "../../generated/prisma/client";
import { firstAttemptAt } from "./dispatcher";
import { newWebhookSecret } from "./webhook-signature";

export type ReceivedRequest = { path: string; headers: http.IncomingHttpHeaders; rawBody: string; deliveryId: string };

export type Receiver = {
  /** http://127.0.0.1:<port> */
  origin: string;
  requests: ReceivedRequest[];
  /** Requests per Tickerscope-Delivery id. */
  countByDelivery(): Map<string, number>;
  /** The status for the next requests (default 200); a function decides per request. */
  answer: number | ((request: ReceivedRequest, index: number) => number);
  close(): Promise<void>;
};

/** A webhook receiver on 127.0.0.1 (an ephemeral port): answers `answer`, keeps every request. */
export async function startReceiver(answer: Receiver["answer"] = 200): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const receiver: Receiver = {
    origin: "",
    requests,
    answer,
    countByDelivery: () => requests.reduce((counts, request) => counts.set(request.deliveryId, (counts.get(request.deliveryId) ?? 0) + 1), new Map<string, number>()),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = { path: req.url ?? "", headers: req.headers, rawBody: Buffer.concat(chunks).toString("utf8"), deliveryId: String(req.headers["tickerscope-delivery"] ?? "") };
      requests.push(request);
      const status = typeof receiver.answer === "function" ? receiver.answer(request, requests.length - 1) : receiver.answer;
      res.writeHead(status, { "Content-Type": "text/plain" }).end(String(status));
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

export type FiringScenario = { user: User; alert: Alert; firing: AlertFiring; deliveries: AlertDelivery[] };

/**
 * An alert of `user` (a new one unless given) on one ticker, one firing of it and a delivery per
 * channel, due as the evaluator would make them due (firstAttemptAt).
 */
export async function createFiringScenario(
  db: Database,
  options: {
    now: Date;
    channels: ("email" | "webhook")[];
    user?: User;
    emailMode?: "immediate" | "digest";
    webhookUrl?: string;
    digestHourUtc?: number;
    ticker?: string;
    summary?: string;
    evidence?: object;
  },
): Promise<FiringScenario> {
  const tag = crypto.randomUUID().slice(0, 8);
  const user = options.user ?? (await db.prisma.user.create({ data: { email: `alerts-${tag}@example.com`, firstName: "Ada" } }));
  const emailMode = options.emailMode ?? "immediate";
  const ticker = options.ticker ?? "AAPL";
  const alert = await db.prisma.alert.create({
    data: {
      userId: user.id,
      name: `${ticker} above 150 (${tag})`,
      condition: "price_cross",
      params: { level: 150, direction: "above" },
      ticker,
      channels: options.channels,
      emailMode,
      webhookUrl: options.channels.includes("webhook") ? (options.webhookUrl ?? "https://hooks.example.com/tickerscope") : null,
      webhookSecret: options.channels.includes("webhook") ? newWebhookSecret() : null,
    },
  });
  const day = options.now.toISOString().slice(0, 10);
  const firing = await db.prisma.alertFiring.create({
    data: {
      alertId: alert.id,
      userId: user.id,
      ticker,
      factKey: `${day}:${tag}`,
      day: new Date(`${day}T00:00:00Z`),
      evidence: (options.evidence ?? { close: 151.25, closeDay: day, previousClose: 149.8, level: 150, source: "prices" }) as object,
      summary: options.summary ?? `${ticker} closed at 151.25, above 150 (149.80 the day before).`,
      origin: "live",
      firedAt: options.now,
    },
  });
  const deliveries: AlertDelivery[] = [];
  for (const channel of options.channels) {
    deliveries.push(
      await db.prisma.alertDelivery.create({
        data: { firingId: firing.id, channel, nextAttemptAt: firstAttemptAt(alert, channel, options.now, options.digestHourUtc ?? 7), createdAt: options.now },
      }),
    );
  }
  return { user, alert, firing, deliveries };
}
