// The score columns every screener's table has (technical score, sentiment, news count): one
// definition each, sized and labelled by the table that uses it.
import { SentimentValue } from "./cells";
import { formatInteger, formatPoints } from "./format";
import { rounded, type ResultColumn } from "./resultColumns";
import { ToneValue } from "./ToneValue";
import { technicalScoreCellTone, type SentimentThresholds } from "./tones";

type Layout = { width: number; label?: string; shortLabel?: string };

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
