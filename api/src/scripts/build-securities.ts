// `npm run data:securities`: derives data/securities/ (the security master and the S&P 500
// membership by security) from the bundled price files, the membership spells and the name
// lists, by the rules of security-master-derivation.ts, and prints what it joined. Run it after
// changing any of those files; the result is committed, reviewed like data, and read at start.
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { projectRoot } from "../config/project-root";
import { readHistoryFile, tradingCalendar, validateSeries } from "../market-data/history-files";
import { csvField } from "../market-data/price-bars";
import { membersFile, priceSnapshotDirectory, readSnapshotFile } from "../market-data/price-snapshot";
import { deriveMembership, deriveSecurityMaster, sameCompanyName, type NameSources } from "../market-data/security-master-derivation";
import { masterColumns, masterFile, membershipAsOf, membershipColumns, membershipFile, securitiesDirectory, validationColumns, validationFile } from "../market-data/security-master";
import { securityInfo, universeTickers } from "../market-data/universes";
import { formerTickers } from "../shared/symbols/former-tickers";

const csvText = (columns: readonly string[], rows: (string | number | null)[][]) =>
  [columns, ...rows].map((row) => row.map(csvField).join(",")).join("\n") + "\n";
const readCsv = (file: string): Record<string, string>[] => parse(fs.readFileSync(file), { columns: true, skip_empty_lines: true, trim: true });

function nameSources(): NameSources {
  const names2021 = new Map(
    readCsv(path.join(priceSnapshotDirectory, membersFile)).map((row) => [row.Symbol, { name: row.Name, sector: row.Sector }]),
  );
  const names2017 = new Map(
    readCsv(path.join(projectRoot, "data", "fundamentals", "nyse_securities_2017.csv")).map((row) => [
      row["Ticker symbol"],
      { name: row.Security, sector: row["GICS Sector"] },
    ]),
  );
  const sp500 = new Set(universeTickers("sp500", { includeEtf: false }));
  const listedToday = (ticker: string) => {
    const info = securityInfo(ticker);
    return info && (info.exchange || sp500.has(ticker)) ? { name: info.name } : null;
  };
  return {
    names2021,
    names2017,
    listedToday,
    // A 2021 symbol is today's ticker's company when it (or its rename) is in today's index, or
    // still listed under a name like its 2021 name (INFO and LB now name an ETF and another company).
    todayTicker2021(symbol) {
      const ticker = formerTickers[symbol] ?? symbol;
      if (sp500.has(ticker)) return ticker;
      const listed = listedToday(ticker);
      const name2021 = names2021.get(symbol)?.name;
      return listed && name2021 && sameCompanyName(listed.name, name2021) ? ticker : null;
    },
  };
}

async function main() {
  const alphavantage: { file: "alphavantage"; symbol: string; bars: Awaited<ReturnType<typeof readHistoryFile>>[number]["bars"] }[] = [];
  for await (const { symbol, bars } of readSnapshotFile()) alphavantage.push({ file: "alphavantage", symbol, bars });
  const [kaggle, quandl] = await Promise.all([readHistoryFile(priceSnapshotDirectory, "kaggle"), readHistoryFile(priceSnapshotDirectory, "quandl")]);
  const rows = deriveSecurityMaster({ alphavantage, kaggle, quandl }, nameSources());
  const spells = readCsv(path.join(projectRoot, "data", "constituents", "sp500_ticker_start_end.csv")).map((row) => ({
    ticker: row.ticker.replace(/[-/]/g, "."),
    start: row.start_date,
    end: row.end_date || null,
  }));
  const membership = deriveMembership(spells, rows, membershipAsOf);

  fs.mkdirSync(securitiesDirectory, { recursive: true });
  fs.writeFileSync(
    path.join(securitiesDirectory, masterFile),
    csvText(
      masterColumns,
      rows.map((row) => [row.key, row.name, row.sector, row.file, row.symbol, row.firstDate, row.lastDate, row.usedFrom, row.usedThrough, row.scale.toPrecision(8), row.rule]),
    ),
  );
  fs.writeFileSync(
    path.join(securitiesDirectory, membershipFile),
    csvText(membershipColumns, membership.map((row) => [row.key, row.spellTicker, row.start, row.end])),
  );
  const calendar = tradingCalendar(kaggle);
  const findings = [...kaggle, ...quandl].flatMap((series) => validateSeries(series, calendar).findings);
  fs.writeFileSync(
    path.join(securitiesDirectory, validationFile),
    csvText(validationColumns, findings.map((finding) => [finding.file, finding.symbol, finding.date, finding.kind, finding.action, finding.detail])),
  );
  const keys = new Set(rows.filter((row) => row.usedFrom).map((row) => row.key));
  const count = (predicate: (row: (typeof rows)[number]) => boolean) => rows.filter(predicate).length;
  console.log(
    `${rows.length} series → ${keys.size} securities: ${count((row) => row.file === "kaggle" && row.rule.startsWith("chained"))} Kaggle series chained to 2018–2021 ones, ` +
      `${count((row) => row.file === "quandl" && row.rule.startsWith("the same"))} Quandl series matched to Kaggle ones, ${count((row) => row.key.includes("-"))} keys suffixed; ` +
      `${membership.length} membership spans; ${findings.length} validation findings`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
