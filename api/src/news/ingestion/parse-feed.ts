import crypto from "node:crypto";
import Parser from "rss-parser";
import { formerTickers } from "../../shared/symbols/former-tickers";
import { normaliseSymbol } from "../../shared/symbols/reference-data";
import { safeHttpUrl, type IncomingArticle } from "../articles";
import { FeedFailure } from "./fetch-feed";
import { PUBLISHER_BY_SOURCE, type FeedConfig } from "./feeds";
import { toPlainText } from "./plain-text";

/** Summaries are stored as plain text, cut at about this many characters. */
export const SUMMARY_MAX_CHARS = 1000;
/** Publisher clocks run ahead and some feeds print local time as GMT; later than this past the fetch is clamped. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

type CustomItem = {
  id?: unknown;
  saStocks?: unknown[];
  mediaGroup?: unknown;
  mediaDescription?: unknown;
  rssSource?: unknown;
};

// One parser for every feed (rss-parser keeps no state between parseString calls).
const parser: Parser<Record<string, unknown>, CustomItem> = new Parser({
  // RSS without a version attribute is read as RSS 2.0 rather than refused.
  defaultRSS: 2,
  customFields: {
    item: [
      ["sa:stock", "saStocks", { keepArray: true }],
      ["media:group", "mediaGroup"],
      ["media:description", "mediaDescription"],
      ["source", "rssSource"],
    ],
  },
});

export type ParsedFeed = {
  title: string | null;
  /** Items in the document. */
  itemCount: number;
  articles: IncomingArticle[];
  /**
   * Items left out: without a title, or without a usable date. Undated items are
   * skipped rather than stamped with the fetch time: the first pass over a feed
   * would otherwise put weeks-old items into "the last hour".
   */
  skipped: { untitled: number; undated: number };
};

/**
 * Parses an RSS 2.0 / RSS 1.0 / Atom document into articles for `feed`.
 * Throws FeedFailure "not-a-feed" (an HTML page, JSON, another XML vocabulary)
 * or "malformed-xml" (the parser's own message).
 */
export async function parseFeedDocument(
  body: string,
  feed: FeedConfig,
  options: { fetchedAt: Date; contentType?: string | null },
): Promise<ParsedFeed> {
  // Some feeds start with a BOM or a newline before <?xml ...?>, which strict parsers refuse.
  const text = body.replace(/^\uFEFF/, "").trimStart();
  sniffFeed(text, options.contentType ?? null);

  let output: Parser.Output<CustomItem>;
  try {
    output = await parser.parseString(text);
  } catch (error) {
    const message = ((error as Error)?.message ?? String(error)).replace(/\s*\n\s*/g, ", ").trim();
    if (/not recognized as RSS/i.test(message)) {
      throw new FeedFailure("not-a-feed", "the XML is neither RSS nor Atom");
    }
    throw new FeedFailure("malformed-xml", message.slice(0, 300));
  }

  const skipped = { untitled: 0, undated: 0 };
  const articles: IncomingArticle[] = [];
  const seen = new Set<string>();
  for (const item of output.items ?? []) {
    const article = toArticle(item, feed, output, options.fetchedAt);
    if (article === "untitled" || article === "undated") {
      skipped[article] += 1;
      continue;
    }
    if (seen.has(article.guid)) continue;
    seen.add(article.guid);
    articles.push(article);
  }
  return { title: textOf(output.title) || null, itemCount: output.items?.length ?? 0, articles, skipped };
}

/** Rejects what is plainly not a feed before handing it to the XML parser (also used by Market Videos' feeds). */
export function sniffFeed(text: string, contentType: string | null): void {
  const type = contentType ? ` (content-type ${contentType.split(";")[0].trim()})` : "";
  if (text.length === 0) throw new FeedFailure("not-a-feed", `empty body${type}`);
  if (!text.startsWith("<")) {
    throw new FeedFailure("not-a-feed", `not XML${type}: starts with ${JSON.stringify(text.slice(0, 24))}`);
  }
  // Skip the XML declaration, comments and processing instructions to find the root element.
  const prolog = /^(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|\s+)*/.exec(text)?.[0].length ?? 0;
  const rest = text.slice(prolog);
  if (/^<!doctype\s+html/i.test(rest) || /^<html[\s>]/i.test(rest)) {
    throw new FeedFailure("not-a-feed", `an HTML page${type}`);
  }
}

function toArticle(
  item: CustomItem & Parser.Item,
  feed: FeedConfig,
  channel: Parser.Output<CustomItem>,
  fetchedAt: Date,
): IncomingArticle | "untitled" | "undated" {
  const title = toPlainText(textOf(item.title), 500);
  if (!title) return "untitled";

  const dateText = item.isoDate ?? item.pubDate;
  const date = dateText ? new Date(dateText) : null;
  if (!date || Number.isNaN(date.getTime())) return "undated";
  const publishedAt = date.getTime() > fetchedAt.getTime() + FUTURE_TOLERANCE_MS ? fetchedAt : date;

  const link = textOf(item.link);
  const url = safeHttpUrl(resolveLink(link, feed.url));
  const guidText = textOf(item.guid) || textOf(item.id) || link;
  const guid = !guidText
    ? `sha256:${sha256(`${title}\n${date.toISOString()}`)}`
    : guidText.length > 300
      ? `sha256:${sha256(guidText)}`
      : guidText;

  const statedTickers = saSymbols(item.saStocks);
  return {
    source: feed.source,
    publisher: textOf(item.rssSource) || feed.publisher || PUBLISHER_BY_SOURCE[feed.source] || textOf(channel.title) || null,
    feedKey: feed.key,
    guid,
    url,
    title,
    summary: summaryOf(item, feed),
    publishedAt,
    isSocial: feed.kind === "social",
    feedTicker: feed.kind === "ticker" ? feed.ticker : undefined,
    statedTickers: statedTickers.length > 0 ? statedTickers : undefined,
  };
}

/** The item's text as plain text: description / content:encoded / Atom summary / media:description. */
function summaryOf(item: CustomItem & Parser.Item, feed: FeedConfig): string | null {
  const fields = item as Record<string, unknown>;
  const group = item.mediaGroup as Record<string, unknown[]> | undefined;
  const candidates = [
    item.content,
    fields["content:encoded"],
    item.summary,
    item.mediaDescription,
    group?.["media:description"]?.[0],
  ];
  for (const candidate of candidates) {
    let text = toPlainText(textOf(candidate), SUMMARY_MAX_CHARS * 2);
    // Reddit appends "submitted by /u/x to /r/y [link] [N comments]" to every post.
    if (feed.source === "reddit") text = text.replace(/\s*\bsubmitted by\b[\s\S]*$/i, "").trim();
    if (text) return capText(text, SUMMARY_MAX_CHARS);
  }
  return null;
}

function saSymbols(stocks: unknown[] | undefined): string[] {
  if (!Array.isArray(stocks)) return [];
  const symbols = new Set<string>();
  for (const stock of stocks) {
    const raw = textOf((stock as Record<string, unknown[]> | undefined)?.["sa:symbol"]?.[0]);
    if (!raw) continue;
    const symbol = normaliseSymbol(raw);
    if (/^[A-Z][A-Z0-9.]{0,9}$/.test(symbol)) symbols.add(formerTickers[symbol] ?? symbol);
  }
  return [...symbols];
}

/** xml2js gives strings, or `{ _: text, $: attributes }` for elements with attributes. */
export function textOf(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (value && typeof value === "object" && typeof (value as { _?: unknown })._ === "string") {
    return (value as { _: string })._.trim();
  }
  return "";
}

function resolveLink(link: string, base: string): string | null {
  if (!link) return null;
  try {
    return new URL(link, /^https?:\/\//i.test(base) ? base : undefined).toString();
  } catch {
    return null;
  }
}

export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.8 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

function sha256(text: string): string {
  return crypto.createHash("sha256").update(text).digest("hex");
}
