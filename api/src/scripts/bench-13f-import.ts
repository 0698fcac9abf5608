// `npm run bench:13f-import [-- --rows 20000]`: how long `npm run import:13f` takes to import one large
// synthetic quarter (an EDGAR information-table XML and the same positions as a CSV), and the
// importing process's peak memory. Each import runs in a child process of its own on a fresh
// temporary PGlite database (deleted at the end), so its peak RSS (getrusage maxrss) is the
// import's alone: the child reports its RSS once the database is open and its peak after the import.
// Progress on stderr; the report (a table, then one JSON line) on stdout.
import { benchEnvironment, describeDatabase, log, ms, printReport, runBench } from "../bench/harness";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config/config";
import { openMigratedDatabase } from "../db/migrations";
import { importThirteenFFile } from "../hedge-funds/file-import";

const { values: args } = parseArgs({ options: { rows: { type: "string", default: "20000" }, child: { type: "string" }, data: { type: "string" } } });
const rows = Number(args.rows);

type ChildResult = { importMs: number; rssOpenMb: number; peakRssMb: number; stored: number };

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
/** A synthetic CUSIP (9 characters, none of them in the CUSIP → ticker map). */
const cusipOf = (index: number) => `Z${index.toString(36).toUpperCase().padStart(8, "0")}`;
const sharesOf = (index: number) => 1000 + ((index * 7919) % 1_000_000);
const valueOf = (index: number) => 50_000 + ((index * 104_729) % 90_000_000);

function writeXml(file: string, count: number) {
  const out = fs.openSync(file, "w");
  fs.writeSync(out, `<?xml version="1.0" encoding="UTF-8"?>\n<informationTable xmlns="http://www.sec.gov/edgar/document/thirteenf/informationtable">\n`);
  for (let index = 0; index < count; index++) {
    fs.writeSync(
      out,
      `<infoTable><nameOfIssuer>SYNTHETIC ISSUER ${index} INC</nameOfIssuer><titleOfClass>COM</titleOfClass><cusip>${cusipOf(index)}</cusip>` +
        `<value>${valueOf(index)}</value><shrsOrPrnAmt><sshPrnamt>${sharesOf(index)}</sshPrnamt><sshPrnamtType>SH</sshPrnamtType></shrsOrPrnAmt>` +
        `<investmentDiscretion>SOLE</investmentDiscretion><votingAuthority><Sole>${sharesOf(index)}</Sole><Shared>0</Shared><None>0</None></votingAuthority></infoTable>\n`,
    );
  }
  fs.writeSync(out, "</informationTable>\n");
  fs.closeSync(out);
}

function writeCsv(file: string, count: number) {
  const out = fs.openSync(file, "w");
  fs.writeSync(out, "cusip,nameOfIssuer,titleOfClass,periodOfReport,value,shrs_or_prn_amt\n");
  for (let index = 0; index < count; index++) fs.writeSync(out, `${cusipOf(index)},SYNTHETIC ISSUER ${index} INC,COM,2023-12-31,${valueOf(index)},${sharesOf(index)}\n`);
  fs.closeSync(out);
}

/** In the child: open a fresh database, import the file as `npm run import:13f` does, report. */
async function child(file: string, directory: string) {
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "warn", DATA_DIR: directory });
  const db = await openMigratedDatabase(config.database);
  try {
    const rssOpen = process.memoryUsage().rss;
    const started = performance.now();
    const quarters = await importThirteenFFile(db, file, { cik: "0001067983", quarterEnd: "2023-12-31", filedAt: "2024-02-14" });
    const importMs = performance.now() - started;
    const result: ChildResult = {
      importMs,
      rssOpenMb: mb(rssOpen),
      peakRssMb: mb(process.resourceUsage().maxRSS * 1024),
      stored: quarters[0]?.comparison.holdingsCount ?? 0,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await db.close();
  }
}

function runChild(file: string, directory: string): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, ["--import", "tsx", __filename, "--child", file, "--data", directory], { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    process_.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    process_.on("exit", (code) => {
      const line = output.trim().split("\n").at(-1) ?? "";
      if (code !== 0) return reject(new Error(`the import child exited with ${code}: ${output}`));
      resolve(JSON.parse(line) as ChildResult);
    });
  });
}

async function main() {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-13f-import-"));
  log(`temporary folder: ${scratch}`);
  try {
    const files = [
      { format: "XML information table", file: path.join(scratch, "quarter.xml"), write: writeXml },
      { format: "CSV (bundled file's columns)", file: path.join(scratch, "quarter.csv"), write: writeCsv },
    ];
    const results: (ChildResult & { format: string; bytes: number })[] = [];
    for (const { format, file, write } of files) {
      write(file, rows);
      const bytes = fs.statSync(file).size;
      log(`${format}: ${rows} rows, ${mb(bytes)} MB; importing in a child process`);
      const result = await runChild(file, path.join(scratch, `data-${results.length}`));
      log(`  ${ms(result.importMs, 0)} ms, RSS ${result.rssOpenMb} MB with the database open, peak ${result.peakRssMb} MB`);
      results.push({ ...result, format, bytes });
    }
    printReport({
      bench: "13f-import",
      environment: benchEnvironment(describeDatabase({ kind: "pglite", dataDir: scratch })),
      tables: [
        {
          title: `One synthetic quarter of ${rows.toLocaleString("en-US")} rows, imported into a fresh PGlite database (one child process each)`,
          columns: ["file", "MB", "import ms", "RSS open MB", "peak RSS MB", "holdings stored"],
          rows: results.map((result) => [result.format, mb(result.bytes), ms(result.importMs, 0), result.rssOpenMb, result.peakRssMb, result.stored]),
        },
      ],
      notes: ["Peak RSS is the child's getrusage maxrss: the database, the parse and the store together."],
      results: { rows, imports: results },
    });
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

if (args.child) {
  child(args.child, args.data!).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  runBench(main);
}
