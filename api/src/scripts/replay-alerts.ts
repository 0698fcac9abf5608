// `npm run alerts:replay -- --from YYYY-MM-DD [--days 10] [--email user@example.com] [--server URL]`
// Replays the stored history from a day for every user's alerts (or one user's): each trading
// day is evaluated as if its data had just arrived, and what fires is delivered through every
// channel (the bell, email, webhooks). A fact fires once, so replaying the same days again
// delivers nothing new.
//
// Where it runs: when the Tickerscope server holds the embedded database (or with --server), in
// that server, through its admin route: its bell, development outbox (/dev/outbox) and webhook
// inbox (/dev/webhooks) show the firings. Otherwise here, on the database directly; mail that
// would go to the development outbox is printed.
import { parseArgs } from "node:util";
import { ADMIN_REPLAY_PATH } from "../alerts/admin-replay.routes";
import { replayAlerts, type ReplayResult } from "../alerts/alert-replay";
import { deliverDueAlerts } from "../alerts/delivery/dispatcher";
import { loadConfig } from "../config/config";
import { buildDeps } from "../deps";
import { createLogger } from "../logging/logger";
import { databaseOrServer, postToServer } from "./database-or-server";

const usage = "usage: npm run alerts:replay -- --from YYYY-MM-DD [--days 1-30] [--email EMAIL] [--server URL]";

function printResult(result: ReplayResult) {
  for (const { day, firings } of result.days) console.log(`${day}  ${firings} firing${firings === 1 ? "" : "s"}`);
  console.log(`${result.firings} firings over ${result.days.length} trading days (${(result.ms / 1000).toFixed(1)} s)`);
}

async function main() {
  const { values } = parseArgs({ options: { from: { type: "string" }, days: { type: "string", default: "10" }, email: { type: "string" }, server: { type: "string" } } });
  if (!values.from) throw new Error(usage);
  const request = { from: values.from, days: Number(values.days), email: values.email };
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
  const target = await databaseOrServer(config, "replay", values.server);
  if ("server" in target) {
    printResult(await postToServer<ReplayResult>(target.server, ADMIN_REPLAY_PATH, "replay", () => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(request) })));
    console.log("Delivered by the server: see the bell on /alerts, /dev/outbox and /dev/webhooks.");
    return;
  }
  const { db } = target;
  try {
    const deps = buildDeps({ config, db, logger: createLogger(config), sessionSecret: "replay-cli-never-signs-a-session-0123456789abcdef" });
    const user = values.email ? await db.prisma.user.findUnique({ where: { email: values.email.trim().toLowerCase() } }) : null;
    if (values.email && !user) throw new Error(`No user has the email ${values.email}.`);
    printResult(await replayAlerts(deps, { from: request.from, days: request.days, userId: user?.id }));
    // Every delivery the replay wrote, until none is due (failed webhooks keep their retries).
    for (let pass = await deliverDueAlerts(deps); pass.claimed > 0; pass = await deliverDueAlerts(deps)) {
      console.log(`delivered ${pass.delivered}, retrying ${pass.retrying}, failed ${pass.failed}`);
    }
    for (const mail of deps.mailer.outbox().reverse()) console.log(`\nmail to ${mail.to}: ${mail.subject}\n${mail.text}`);
    await deps.alertEvents.close();
    await deps.newsEvents.close();
  } finally {
    await db.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
