// `npm run news:parse -- <file-or-url> [--ticker AAPL] [--social] [--source key]`
// Reads one RSS/Atom feed the way ingestion does (same fetch limits, parser,
// tagger and scorer; nothing is stored) and prints one JSON object per article,
// then a last line with the feed's status: { status: "ok"|"failed", reason?, detail?, items }.
// Exit code 0 when the feed is usable, 1 when it failed, 2 on a usage error.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config/config";
import { enrichArticle, sharedTickerTagger } from "../news/articles";
import { decodeBody, FeedFailure } from "../news/ingestion/fetch-feed";
import { feedConfigSchema, type FeedConfig } from "../news/ingestion/feeds";
import { parseFeedDocument, type ParsedFeed } from "../news/ingestion/parse-feed";
import { readFeed } from "../news/ingestion/read-feed";

const usage = "usage: npm run news:parse -- <file-or-url> [--ticker AAPL] [--social] [--source key]";

function print(value: unknown) {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

async function readTarget(target: string, feed: FeedConfig, limits: { timeoutMs: number; maxBytes: number }): Promise<ParsedFeed | "not-modified"> {
  if (/^https?:\/\//i.test(target)) {
    const read = await readFeed(feed, limits);
    return read.status === "ok" ? read.parsed : "not-modified";
  }
  const stat = fs.statSync(target);
  if (stat.size > limits.maxBytes) {
    throw new FeedFailure("too-large", `file is ${stat.size} bytes, over the ${limits.maxBytes}-byte cap (NEWS_FEED_MAX_BYTES)`);
  }
  return parseFeedDocument(decodeBody(fs.readFileSync(target), null), feed, { fetchedAt: new Date() });
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { ticker: { type: "string" }, social: { type: "boolean" }, source: { type: "string" }, help: { type: "boolean" } },
  });
  if (values.help || positionals.length !== 1) {
    console.error(usage);
    return 2;
  }
  const target = positionals[0];
  const isUrl = /^https?:\/\//i.test(target);
  const candidate = {
    key: "news-parse",
    url: isUrl ? target : "http://localhost/",
    kind: values.ticker ? "ticker" : values.social ? "social" : "news",
    source: values.source ?? (isUrl ? new URL(target).hostname.replace(/^www\./, "").split(".")[0].toLowerCase() : "file"),
    ...(values.ticker ? { ticker: values.ticker } : {}),
  };
  const checked = feedConfigSchema.safeParse(candidate);
  if (!checked.success) {
    console.error(checked.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n"));
    return 2;
  }
  // A file has no address to resolve relative links against: only absolute http(s) links are kept.
  const feed: FeedConfig = isUrl ? checked.data : { ...checked.data, url: `file://${path.resolve(target)}` };
  if (!isUrl && !fs.existsSync(target)) {
    console.error(`${path.resolve(target)}: no such file\n${usage}`);
    return 2;
  }

  const config = loadConfig();
  try {
    const parsed = await readTarget(target, feed, { timeoutMs: config.news.feedTimeoutMs, maxBytes: config.news.feedMaxBytes });
    if (parsed === "not-modified") {
      print({ status: "ok", notModified: true, items: 0 });
      return 0;
    }
    const tagger = sharedTickerTagger();
    for (const article of parsed.articles) {
      const row = enrichArticle(article, tagger);
      print({
        title: row.title,
        url: row.url,
        publishedAt: article.publishedAt.toISOString(),
        tickers: row.tickers,
        score: row.score,
        label: row.label,
        terms: row.terms,
        ...(row.analystAction ? { analystAction: row.analystAction } : {}),
      });
    }
    const { untitled, undated } = parsed.skipped;
    print({
      status: "ok",
      title: parsed.title,
      items: parsed.itemCount,
      articles: parsed.articles.length,
      ...(untitled + undated > 0 ? { skipped: parsed.skipped } : {}),
    });
    return 0;
  } catch (error) {
    const failure = error instanceof FeedFailure ? error : new FeedFailure("error", (error as Error)?.message ?? String(error));
    print({ status: "failed", reason: failure.reason, detail: failure.detail, items: 0 });
    return 1;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
