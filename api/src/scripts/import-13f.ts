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
import { parseArgs } from "node:util";
import { loadConfig } from "../config/config";
import { describeQuarter, fileFormat, importThirteenFFile, type FileImportOptions } from "../hedge-funds/file-import";
import { normalizeCik } from "../hedge-funds/hedge-funds";
import { ADMIN_IMPORT_PATH } from "../hedge-funds/admin-import.routes";
import { databaseOrServer, postToServer, type RunningServer } from "./database-or-server";

const usage =
  "usage: npm run import:13f -- <file.csv|file.xml> [--cik CIK] [--quarter YYYY-MM-DD] [--filed YYYY-MM-DD] [--accession N] [--amendment] [--fund-name NAME] [--server URL]";
/** Sends the file to a running app's admin route; returns the report it printed. */
async function sendToServer(server: RunningServer, file: string, options: FileImportOptions): Promise<string> {
  const format = fileFormat(file);
  const query = new URLSearchParams({ cik: options.cik });
  if (options.quarterEnd) query.set("quarter", options.quarterEnd);
  if (options.filedAt) query.set("filed", options.filedAt);
  if (options.accessionNumber) query.set("accession", options.accessionNumber);
  if (options.amendment) query.set("amendment", "true");
  if (options.fundName) query.set("fundName", options.fundName);
  const { report } = await postToServer<{ report: string }>(server, `${ADMIN_IMPORT_PATH}?${query}`, "import", () => ({
    headers: { "content-type": format === "xml" ? "application/xml" : "text/csv", "content-length": String(fs.statSync(file).size) },
    body: fs.createReadStream(file) as unknown as BodyInit,
    duplex: "half",
  }));
  return report;
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

  const target = await databaseOrServer(config, "import", values.server);
  if ("server" in target) {
    console.log(await sendToServer(target.server, file, options));
    return;
  }
  const { db } = target;
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
