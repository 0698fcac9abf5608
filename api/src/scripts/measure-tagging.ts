// npm run measure:tagging [-- <shared data folder>]
// Precision, recall and F1 of the ticker tagger against (a) the Seeking Alpha MSFT feed's <sa:symbol>
// tags and (b) the hand-labelled headlines in api/src/news/tagging/fixtures/, plus its speed.
// The shared data folder (default ../shared/data beside the repository) is read here only, never by the app.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { parse } from "csv-parse/sync";
import Parser from "rss-parser";
import { projectRoot } from "../config/project-root";
import labelled from "../news/tagging/fixtures/labelled-headlines.json";
import { createTickerTagger, type TickerTagger } from "../news/tagging/ticker-tagger";
import { formerTickers } from "../shared/symbols/former-tickers";
import { loadReferenceData } from "../shared/symbols/reference-data";

interface Case {
  text: string;
  truth: string[];
  optional?: string[];
  feedTicker?: string;
}

interface Score {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  errors: string[];
}

function score(tagger: TickerTagger, cases: Case[]): Score {
  const result: Score = { truePositives: 0, falsePositives: 0, falseNegatives: 0, errors: [] };
  for (const { text, truth, optional = [], feedTicker } of cases) {
    const predicted = tagger.tag(text, { feedTicker }).map((tag) => tag.ticker);
    const wrong = predicted.filter((ticker) => !truth.includes(ticker) && !optional.includes(ticker));
    const missed = truth.filter((ticker) => !predicted.includes(ticker));
    result.truePositives += predicted.filter((ticker) => truth.includes(ticker)).length;
    result.falsePositives += wrong.length;
    result.falseNegatives += missed.length;
    if (wrong.length) result.errors.push(`  wrong ${wrong.join(",")}: ${text.slice(0, 110)}`);
    if (missed.length && missed.length <= 3) result.errors.push(`  missed ${missed.join(",")}: ${text.slice(0, 110)}`);
  }
  return result;
}

function report(label: string, { truePositives, falsePositives, falseNegatives }: Score) {
  const precision = truePositives / (truePositives + falsePositives || 1);
  const recall = truePositives / (truePositives + falseNegatives || 1);
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  const counts = `TP ${truePositives}, FP ${falsePositives}, FN ${falseNegatives}`;
  console.log(`${label.padEnd(58)} precision ${precision.toFixed(3)}  recall ${recall.toFixed(3)}  F1 ${f1.toFixed(3)}  (${counts})`);
}

async function seekingAlphaCases(file: string): Promise<Case[]> {
  type Stock = { "sa:symbol"?: string[] };
  const parser = new Parser<object, { stocks?: Stock[] }>({ customFields: { item: [["sa:stock", "stocks", { keepArray: true }]] } });
  const feed = await parser.parseString(fs.readFileSync(file, "utf8"));
  return feed.items.map((item) => ({
    text: item.title ?? "",
    // The feed is from 2017: map renamed tickers (FB) to what the tagger answers today (META).
    truth: [...new Set((item.stocks ?? []).flatMap((stock) => stock["sa:symbol"] ?? []).map((symbol) => formerTickers[symbol] ?? symbol))],
  }));
}

function speedCorpus(sharedData: string): { source: string; headlines: string[] } {
  const reuters = path.join(sharedData, "news", "reuters_business_headlines_2018-03-20_2020-07-18_normalised.csv.gz");
  if (fs.existsSync(reuters)) {
    const rows: { headlines: string }[] = parse(zlib.gunzipSync(fs.readFileSync(reuters)), { columns: true });
    return { source: "Reuters headlines", headlines: rows.slice(0, 10_000).map((row) => row.headlines) };
  }
  const fixture = labelled.headlines.map((entry) => entry.headline);
  return { source: "labelled headlines, repeated", headlines: Array.from({ length: 10_000 }, (_, index) => fixture[index % fixture.length]) };
}

async function main() {
  const sharedData = path.resolve(process.argv[2] ?? path.join(projectRoot, "..", "shared", "data"));
  const verbose = process.argv.includes("--verbose");

  let started = performance.now();
  const reference = loadReferenceData();
  const loadedMs = performance.now() - started;
  started = performance.now();
  const tagger = createTickerTagger(reference);
  console.log(`reference data loaded in ${loadedMs.toFixed(0)} ms, tagger built in ${(performance.now() - started).toFixed(0)} ms\n`);

  const seekingAlphaFile = path.join(sharedData, "rss", "seekingalpha_symbol_MSFT_2017-10-25.xml");
  if (fs.existsSync(seekingAlphaFile)) {
    const cases = await seekingAlphaCases(seekingAlphaFile);
    const tagCount = cases.reduce((sum, item) => sum + item.truth.length, 0);
    console.log(`(a) Seeking Alpha MSFT feed: ${cases.length} item titles, ${tagCount} <sa:symbol> tags (many name companies only the article body mentions)`);
    const withoutFeed = score(tagger, cases);
    report("    titles only", withoutFeed);
    report("    titles + feedTicker MSFT", score(tagger, cases.map((item) => ({ ...item, feedTicker: "MSFT" }))));
    const namedInTitle = cases.filter((item) => item.truth.length <= 8);
    report(`    titles only, items with ≤ 8 tags (${namedInTitle.length}; leaves out 2 weekly previews)`, score(tagger, namedInTitle));
    if (verbose) console.log(withoutFeed.errors.join("\n"));
  } else {
    console.log(`(a) skipped: ${seekingAlphaFile} not found`);
  }

  const toCase = (entry: (typeof labelled.headlines)[number]): Case => ({ text: entry.headline, truth: entry.tickers, optional: entry.optional });
  const allLabelled = labelled.headlines.map(toCase);
  const positives = allLabelled.reduce((sum, item) => sum + item.truth.length, 0);
  console.log(`\n(b) hand-labelled headlines: ${allLabelled.length} (Reuters, CNBC, Benzinga), ${positives} labelled tickers`);
  for (const set of ["development", "holdout"]) {
    const entries = labelled.headlines.filter((entry) => entry.set === set);
    const setScore = score(tagger, entries.map(toCase));
    report(`    ${set} (${entries.length})`, setScore);
    for (const source of ["reuters", "cnbc", "benzinga"]) {
      const subset = entries.filter((entry) => entry.source === source);
      report(`      ${source} (${subset.length})`, score(tagger, subset.map(toCase)));
    }
    if (setScore.errors.length) console.log(setScore.errors.join("\n"));
  }
  report("    both sets", score(tagger, allLabelled));

  // One warm-up pass (the JIT), then the median of three timed passes over the same 10,000 headlines.
  const { source, headlines } = speedCorpus(sharedData);
  let tagged = 0;
  for (const headline of headlines) tagged += tagger.tag(headline).length > 0 ? 1 : 0;
  const passes = [0, 1, 2].map(() => {
    const passStarted = performance.now();
    for (const headline of headlines) tagger.tag(headline);
    return performance.now() - passStarted;
  });
  const elapsed = passes.sort((a, b) => a - b)[1];
  console.log(`\nspeed: ${headlines.length} ${source} tagged in ${elapsed.toFixed(0)} ms on one core (median of 3 passes after a warm-up;`
    + ` ${Math.round(headlines.length / (elapsed / 1000)).toLocaleString("en-US")} per second; ${tagged} got at least one ticker)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
