// `npm run import:13f -- <file.csv|file.xml> [--cik 0001067983] [--quarter YYYY-MM-DD] [--filed YYYY-MM-DD]
//   [--accession 0000950123-24-000000] [--amendment] [--fund-name "NAME"] [--server http://host:port]`
// Imports one 13F quarter file through the same code as the snapshot and the live EDGAR import,
// and prints what changed against the previous stored quarter.
// CSV: the bundled file's columns (cusip, nameOfIssuer, titleOfClass, periodOfReport, value, shrs_or_prn_amt).
// XML: an EDGAR information table; --quarter is required (the table does not carry its period).
//
// Where it goes: with --server, to that running app's admin route (ADMIN_TOKEN from the
// environment). On PostgreSQL (DATABASE_URL), into the database directly. On the embedded
// database: directly when no process has DATA_DIR open; when the Tickerscope server has it open
// (DATA_DIR/pglite.lock), to that server's admin route, with ADMIN_TOKEN or the token the server
// keeps in its lock file; when another process has it open, it stops and names that process.
import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { loadConfig } from "../config/config";
import { DataDirInUseError } from "../db/data-dir-lock";
import { openMigratedDatabase } from "../db/migrations";
import { describeQuarter, fileFormat, importThirteenFFile, type FileImportOptions } from "../hedge-funds/file-import";
import { normalizeCik } from "../hedge-funds/hedge-funds";
import { ADMIN_IMPORT_PATH } from "../hedge-funds/admin-import.routes";
import { createLogger } from "../logging/logger";

const usage =
  "usage: npm run import:13f -- <file.csv|file.xml> [--cik CIK] [--quarter YYYY-MM-DD] [--filed YYYY-MM-DD] [--accession N] [--amendment] [--fund-name NAME] [--server URL]";
/** How long to wait for a server still loading its bundled data before giving up. */
const LOADING_WAIT_MS = 10 * 60_000;

/** Sends the file to a running app's admin route; returns the report it printed. */
async function sendToServer(url: string, token: string, file: string, options: FileImportOptions): Promise<string> {
  const format = fileFormat(file);
  const query = new URLSearchParams({ cik: options.cik });
  if (options.quarterEnd) query.set("quarter", options.quarterEnd);
  if (options.filedAt) query.set("filed", options.filedAt);
  if (options.accessionNumber) query.set("accession", options.accessionNumber);
  if (options.amendment) query.set("amendment", "true");
  if (options.fundName) query.set("fundName", options.fundName);
  const endpoint = `${url.replace(/\/$/, "")}${ADMIN_IMPORT_PATH}?${query}`;
  const giveUpAt = Date.now() + LOADING_WAIT_MS;
  for (;;) {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": format === "xml" ? "application/xml" : "text/csv", "content-length": String(fs.statSync(file).size) },
        body: fs.createReadStream(file) as unknown as BodyInit,
        duplex: "half",
      } as RequestInit);
    } catch (error) {
      throw new Error(`Could not reach the server at ${url}: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}`);
    }
    const body = (await response.json().catch(() => ({}))) as { report?: string; message?: string; code?: string; loadedPercent?: number };
    if (response.ok && typeof body.report === "string") return body.report;
    if (body.code === "DATA_LOADING" && Date.now() < giveUpAt) {
      const seconds = Number(response.headers.get("retry-after")) || 2;
      process.stderr.write(`The server is still loading its bundled data (${body.loadedPercent ?? "?"} %): trying again in ${seconds} s.\n`);
      await sleep(seconds * 1000);
      continue;
    }
    throw new Error(`The server at ${url} refused the import (HTTP ${response.status}${body.code ? ` ${body.code}` : ""}): ${body.message ?? "no reason given"}`);
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      cik: { type: "string", default: "0001067983" },
      quarter: { type: "string" },
      filed: { type: "string" },
      accession: { type: "string" },
      amendment: { type: "boolean", default: false },
      "fund-name": { type: "string" },
      server: { type: "string" },
    },
  });
  if (positionals.length !== 1) throw new Error(usage);
  const file = positionals[0];
  if (!fs.existsSync(file)) throw new Error(`${file}: no such file`);
  const config = loadConfig();
  const options: FileImportOptions = {
    cik: normalizeCik(values.cik!, "--cik"),
    fundName: values["fund-name"],
    quarterEnd: values.quarter,
    filedAt: values.filed,
    accessionNumber: values.accession,
    amendment: values.amendment,
  };

  if (values.server) {
    if (!config.adminToken) throw new Error("--server needs ADMIN_TOKEN: the token the server was started with.");
    console.log(await sendToServer(values.server, config.adminToken, file, options));
    return;
  }

  let db;
  try {
    db = await openMigratedDatabase(config.database, createLogger({ ...config, logLevel: "warn" }), undefined, { role: "cli" });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    const { holder } = error;
    // Another CLI, or a process we cannot check: its message names it and says what to do.
    if (holder.role !== "server" || !holder.url || error.liveness !== "alive") throw error;
    const token = config.adminToken ?? holder.adminToken;
    if (!token) {
      throw new Error(
        `${error.message}\nIts admin token is not in the lock file (the server has ADMIN_TOKEN set): set ADMIN_TOKEN to the same value here to send the import to it, or stop it (kill ${holder.pid}) and run this again.`,
      );
    }
    process.stderr.write(`The Tickerscope server (pid ${holder.pid}) has ${error.dataDir} open: sending the import to it at ${holder.url}.\n`);
    console.log(await sendToServer(holder.url, token, file, options));
    return;
  }
  try {
    const quarters = await importThirteenFFile(db, file, options);
    for (const quarter of quarters) console.log(describeQuarter(quarter));
  } finally {
    await db.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
