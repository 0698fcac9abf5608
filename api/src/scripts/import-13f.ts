// `npm run import:13f -- <file.csv|file.xml> [--cik 0001067983] [--quarter YYYY-MM-DD] [--filed YYYY-MM-DD]
//   [--accession 0000950123-24-000000] [--amendment] [--fund-name "NAME"]`
// Imports one 13F quarter file into the configured database, through the same code as the snapshot and
// the live EDGAR import, and prints what changed against the previous stored quarter.
// CSV: the bundled file's columns (cusip, nameOfIssuer, titleOfClass, periodOfReport, value, shrs_or_prn_amt).
// XML: an EDGAR information table; --quarter is required (the table does not carry its period).
import { parseArgs } from "node:util";
import { loadConfig } from "../config/config";
import { openMigratedDatabase } from "../db/migrations";
import { describeQuarter, importThirteenFFile } from "../hedge-funds/file-import";
import { normalizeCik } from "../hedge-funds/hedge-funds";
import { createLogger } from "../logging/logger";

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
    },
  });
  if (positionals.length !== 1) throw new Error("usage: npm run import:13f -- <file.csv|file.xml> [--cik CIK] [--quarter YYYY-MM-DD] [--filed YYYY-MM-DD] [--accession N] [--amendment] [--fund-name NAME]");
  const config = loadConfig();
  const db = await openMigratedDatabase(config.database, createLogger({ ...config, logLevel: "warn" }));
  try {
    const quarters = await importThirteenFFile(db, positionals[0], {
      cik: normalizeCik(values.cik!, "--cik"),
      fundName: values["fund-name"],
      quarterEnd: values.quarter,
      filedAt: values.filed,
      accessionNumber: values.accession,
      amendment: values.amendment,
    });
    for (const quarter of quarters) console.log(describeQuarter(quarter));
  } finally {
    await db.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
