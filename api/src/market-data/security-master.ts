// The security master (data/securities/, written by `npm run data:securities` from the bundled
// price files and membership spells; rules in security-master-derivation.ts and
// data/securities/PROVENANCE.md): which security each file's series is, under which key prices
// are stored, and which securities were S&P 500 members on each day. Read once per process.
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { projectRoot } from "../config/project-root";
import type { MasterRow, MembershipRow, PriceFile } from "./security-master-derivation";

export const securitiesDirectory = path.join(projectRoot, "data", "securities");
export const masterFile = "security_master.csv";
export const membershipFile = "sp500_membership.csv";

export const masterColumns = ["key", "name", "sector", "file", "symbol", "first_date", "last_date", "used_from", "used_through", "scale", "rule"] as const;
/** The membership spells file's date (its last change is 2025-11-11): later days use today's list. */
export const membershipAsOf = "2025-11-16";
export const membershipColumns = ["key", "spell_ticker", "start", "end"] as const;
/** The 2013–2018 files' validation report (history-files.ts#validateSeries): what the load repairs or flags. */
export const validationFile = "price_validation.csv";
export const validationColumns = ["file", "symbol", "date", "kind", "action", "detail"] as const;

export type SecurityMaster = {
  rows: readonly MasterRow[];
  /** The key a file's symbol is stored under, or null when the master does not list it. */
  keyOf(file: PriceFile, symbol: string): string | null;
  /** A key's series symbols in one file. */
  symbolsOf(file: PriceFile, key: string): string[];
  /** A former member's name, sector and stored period (keys not listed today included). */
  security(key: string): { key: string; name: string | null; sector: string | null; firstDate: string; lastDate: string } | null;
  /** The securities in the S&P 500 on `date` (YYYY-MM-DD), by the spells file; empty outside the spells' period. */
  sp500MembersOn(date: string): string[];
  membership: readonly MembershipRow[];
};

function readRows(file: string): Record<string, string>[] {
  return parse(fs.readFileSync(path.join(securitiesDirectory, file)), { columns: true, skip_empty_lines: true });
}

function buildMaster(): SecurityMaster {
  const rows: MasterRow[] = readRows(masterFile).map((row) => ({
    key: row.key,
    name: row.name || null,
    sector: row.sector || null,
    file: row.file as PriceFile,
    symbol: row.symbol,
    firstDate: row.first_date,
    lastDate: row.last_date,
    usedFrom: row.used_from || null,
    usedThrough: row.used_through || null,
    scale: Number(row.scale),
    rule: row.rule,
  }));
  const membership: MembershipRow[] = readRows(membershipFile).map((row) => ({ key: row.key, spellTicker: row.spell_ticker, start: row.start, end: row.end || null }));
  const byFileSymbol = new Map(rows.map((row) => [`${row.file}:${row.symbol}`, row]));
  const securities = new Map<string, { key: string; name: string | null; sector: string | null; firstDate: string; lastDate: string }>();
  for (const row of rows) {
    if (row.usedFrom === null || row.usedThrough === null) continue;
    const known = securities.get(row.key);
    securities.set(row.key, {
      key: row.key,
      name: known?.name ?? row.name,
      sector: known?.sector ?? row.sector,
      firstDate: known && known.firstDate < row.usedFrom ? known.firstDate : row.usedFrom,
      lastDate: known && known.lastDate > row.usedThrough ? known.lastDate : row.usedThrough,
    });
  }
  const membersByDay = new Map<string, string[]>();
  return {
    rows,
    membership,
    keyOf: (file, symbol) => byFileSymbol.get(`${file}:${symbol}`)?.key ?? null,
    symbolsOf: (file, key) => rows.filter((row) => row.file === file && row.key === key).map((row) => row.symbol),
    security: (key) => securities.get(key) ?? null,
    sp500MembersOn(date) {
      let members = membersByDay.get(date);
      if (!members) {
        members = [...new Set(membership.filter((row) => row.start <= date && (row.end === null || date < row.end)).map((row) => row.key))].sort();
        // Days asked for are few (screens, backtest rebalances); a bound keeps a scan of every day from growing it without end.
        if (membersByDay.size > 5000) membersByDay.clear();
        membersByDay.set(date, members);
      }
      return [...members];
    },
  };
}

let master: SecurityMaster | undefined;
export const securityMaster = (): SecurityMaster => (master ??= buildMaster());
