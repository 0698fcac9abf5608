// The columns every screener's table has (ticker, price, technical score, sentiment, news count):
// one definition each, sized and labelled by the table that uses it.
import { CompactFigure, SentimentValue } from "./cells";
import { formatCompact, formatInteger, formatPoints, formatPrice } from "./format";
import { rounded, type ResultColumn } from "./resultColumns";
import { ToneValue } from "./ToneValue";
import { technicalScoreCellTone, type SentimentThresholds } from "./tones";

type Layout = { width: number; label?: string; shortLabel?: string };

/** The row header's column (the table draws the cell: the ticker linked to its stock page). */
export const tickerColumn = <Row extends { readonly ticker: string }>({ width }: Layout): ResultColumn<Row, "ticker"> => ({
  key: "ticker",
  label: "Ticker",
  width,
  align: "start",
  sortValue: (row) => row.ticker,
  csvValue: (row) => row.ticker,
  firstDirection: "ascending",
  render: (row) => row.ticker,
});

/** `compact` shows large prices shortened ($1.2K), for the narrow Basic table. */
export const priceColumn = <Row extends { readonly price: number }>({ width, compact = false }: Layout & { compact?: boolean }): ResultColumn<Row, "price"> => ({
  key: "price",
  label: "Price",
  width,
  align: "end",
  sortValue: (row) => row.price,
  csvValue: (row) => rounded(row.price, 2),
  firstDirection: "descending",
  render: (row) => (compact ? <CompactFigure value={row.price} prefix="$" /> : formatPrice(row.price)),
});

export const technicalScoreColumn = <Row extends { readonly technicalScore: number }>({ width, label = "Tech Score", shortLabel }: Layout): ResultColumn<Row, "technicalScore"> => ({
  key: "technicalScore",
  label,
  shortLabel,
  width,
  align: "end",
  sortValue: (row) => row.technicalScore,
  csvValue: (row) => rounded(row.technicalScore, 2),
  firstDirection: "descending",
  render: (row) => <ToneValue tone={technicalScoreCellTone(row.technicalScore)}>{formatPoints(row.technicalScore)}</ToneValue>,
});

export const sentimentColumn = <Row extends { readonly sentimentScore: number | null | undefined }>({
  width,
  label = "Sentiment",
  shortLabel,
  thresholds,
}: Layout & { thresholds: SentimentThresholds }): ResultColumn<Row, "sentimentScore"> => ({
  key: "sentimentScore",
  label,
  shortLabel,
  width,
  align: "end",
  sortValue: (row) => row.sentimentScore,
  csvValue: (row) => rounded(row.sentimentScore, 3),
  firstDirection: "descending",
  render: (row) => <SentimentValue score={row.sentimentScore} thresholds={thresholds} />,
});

export const newsCountColumn = <Row extends { readonly newsCount: number }>({ width, label = "News", shortLabel }: Layout): ResultColumn<Row, "newsCount"> => ({
  key: "newsCount",
  label,
  shortLabel,
  width,
  align: "end",
  sortValue: (row) => row.newsCount,
  csvValue: (row) => row.newsCount,
  firstDirection: "descending",
  render: (row) => formatInteger(row.newsCount),
});

/** Market cap on the row's day, shortened ("$612B"); an estimate from the 10-K's implied share count (the title says so). */
export const marketCapColumn = <Row extends { readonly marketCap: number | null | undefined }>({ width, label = "Market Cap", shortLabel = "Mkt cap" }: Layout): ResultColumn<Row, "marketCap"> => ({
  key: "marketCap",
  label,
  shortLabel,
  width,
  align: "end",
  sortValue: (row) => row.marketCap,
  csvValue: (row) => rounded(row.marketCap, 0),
  firstDirection: "descending",
  render: (row) =>
    row.marketCap == null ? (
      formatCompact(row.marketCap)
    ) : (
      <span title={`$${formatInteger(row.marketCap)}: close × the last known 10-K's implied share count (an estimate)`}>${formatCompact(row.marketCap)}</span>
    ),
});

export const peRatioColumn = <Row extends { readonly peRatio: number | null | undefined }>({ width, label = "P/E" }: Layout): ResultColumn<Row, "peRatio"> => ({
  key: "peRatio",
  label,
  width,
  align: "end",
  sortValue: (row) => row.peRatio,
  csvValue: (row) => rounded(row.peRatio, 2),
  firstDirection: "ascending",
  render: (row) => <CompactFigure value={row.peRatio} decimals={1} />,
});
