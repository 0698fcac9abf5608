import type { ReactNode } from "react";
import { graphql, useFragment } from "react-relay";
import { Link } from "react-router-dom";
import styled from "styled-components";
import { ESTIMATE_NOTE, FUNDAMENTAL_FIGURES, readFundamentalFigures } from "../Fundamentals/fundamentalFigures";
import { formatDecimal, formatMarketDate, formatPrice, MISSING, momentumLabel, momentumRank } from "../ScreenResults/format";
import type { CompareTable_stocks$data, CompareTable_stocks$key } from "./__generated__/CompareTable_stocks.graphql";

type StockRow = CompareTable_stocks$data[number];

/** Which value is best in a row: the highest, the lowest, or none (where "best" means nothing, e.g. price). */
export type BestDirection = "high" | "low" | null;

interface Cell {
  text: ReactNode;
  /** The number compared for "best" (null: not compared). */
  value: number | null;
  href: string;
  /** The day the figure is as of, and where it comes from. */
  asOf: string | null;
  source: string;
  /** Why there is no figure, when the data says (e.g. the AI picks still being computed); else "no data by then". */
  missing?: string | null;
}

interface RowSpec {
  label: string;
  best: BestDirection;
  /** Why this direction is best, or why the row is not ranked. */
  note: string;
  cell: (stock: StockRow) => Cell;
}

const percent = (value: number | null | undefined, decimals = 1) =>
  value === null || value === undefined ? MISSING : `${value >= 0 ? "+" : "−"}${Math.abs(value * 100).toFixed(decimals)} %`;
const share = (value: number | null | undefined) => (value === null || value === undefined ? MISSING : `${(value * 100).toFixed(1)} %`);
const withAsOf = (path: string, params: Record<string, string | null | undefined>) => {
  const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

/**
 * The indexes of the best values in a row: the highest or lowest (ties all marked); none when
 * fewer than two stocks have a value, or the row has no direction.
 */
export function bestIndexes(values: (number | null)[], best: BestDirection): Set<number> {
  const present = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (best === null || present.length < 2) return new Set();
  const target = best === "high" ? Math.max(...present) : Math.min(...present);
  if (present.every((value) => value === target)) return new Set();
  return new Set(values.flatMap((value, index) => (value === target ? [index] : [])));
}

function rows(asOf: string | null): RowSpec[] {
  const stockPage = (stock: StockRow) => withAsOf(`/stocks/${encodeURIComponent(stock.ticker)}`, { asOf });
  const technical = (stock: StockRow, text: ReactNode, value: number | null): Cell => ({
    text,
    value,
    href: stockPage(stock),
    asOf: stock.technicals?.asOf ?? null,
    source: stock.technicals?.source ?? "No prices",
  });
  const ai = (stock: StockRow, text: ReactNode, value: number | null): Cell => ({
    text,
    value,
    href: withAsOf("/ai-features", { asOf }),
    asOf: stock.research?.aiPicksDate ?? null,
    source: "AI picks (walk-forward model)",
    missing: stock.research?.aiPicksMessage,
  });
  const trendOf = (stock: StockRow) => {
    const t = stock.technicals;
    if (!t || t.sma5 == null || t.sma20 == null) return MISSING;
    const above50 = t.sma50 == null ? "" : t.close > t.sma50 ? ", above SMA 50" : ", below SMA 50";
    return `${t.sma5 > t.sma20 ? "SMA 5 > SMA 20" : "SMA 5 ≤ SMA 20"}${above50}`;
  };
  return [
    { label: "Price", best: null, note: "Not ranked: a price level says nothing about which is better.", cell: (s) => technical(s, formatPrice(s.technicals?.close), null) },
    { label: "Return 1m", best: "high", note: "Highest is best.", cell: (s) => technical(s, percent(s.technicals?.return1m), s.technicals?.return1m ?? null) },
    { label: "Return 3m", best: "high", note: "Highest is best.", cell: (s) => ai(s, percent(s.research?.returns3m), s.research?.returns3m ?? null) },
    { label: "Return 12m", best: "high", note: "Highest is best.", cell: (s) => ai(s, percent(s.research?.returns12m), s.research?.returns12m ?? null) },
    { label: "SMA 5", best: null, note: "Not ranked (a price level).", cell: (s) => technical(s, formatPrice(s.technicals?.sma5), null) },
    { label: "SMA 20", best: null, note: "Not ranked (a price level).", cell: (s) => technical(s, formatPrice(s.technicals?.sma20), null) },
    { label: "SMA 50", best: null, note: "Not ranked (a price level).", cell: (s) => technical(s, formatPrice(s.technicals?.sma50), null) },
    { label: "Trend", best: null, note: "Not ranked: see Momentum.", cell: (s) => technical(s, trendOf(s), null) },
    { label: "RSI 14", best: null, note: "Not ranked: high can mean strength or overbought.", cell: (s) => technical(s, formatDecimal(s.technicals?.rsi14, 1), null) },
    { label: "Beta (60 days)", best: null, note: "Not ranked: more or less market risk is a preference.", cell: (s) => technical(s, formatDecimal(s.technicals?.beta60), null) },
    { label: "Volatility (60 days, annualised)", best: "low", note: "Lowest is best (steadier).", cell: (s) => ai(s, share(s.research?.volatility60), s.research?.volatility60 ?? null) },
    {
      label: "Momentum",
      best: "high",
      note: "Strong bullish is best.",
      cell: (s) => technical(s, s.technicals ? momentumLabel(s.technicals.momentum) : MISSING, s.technicals ? momentumRank(s.technicals.momentum) : null),
    },
    { label: "Technical score", best: "high", note: "Highest is best (0–100).", cell: (s) => technical(s, formatDecimal(s.technicals?.technicalScore, 1), s.technicals?.technicalScore ?? null) },
    ...FUNDAMENTAL_FIGURES.map(
      ({ key, label, show, best, note, rankPositiveOnly }): RowSpec => ({
        label,
        best,
        note: `${note} From the last 10-K known on the day.`,
        cell: (s) => {
          const fundamentals = s.fundamentals ? readFundamentalFigures(s.fundamentals) : null;
          const figure = fundamentals?.[key];
          const value = figure?.value ?? null;
          return {
            text: value === null ? MISSING : figure?.isEstimate ? <span title={ESTIMATE_NOTE}>{show(value)}*</span> : show(value),
            value: value !== null && (!rankPositiveOnly || value > 0) ? value : null,
            href: stockPage(s),
            asOf: value === null ? null : (fundamentals?.asOf ?? null),
            source: fundamentals?.source ?? "No filing known",
            missing: figure?.unknownReason ?? (fundamentals ? null : "No prices by then"),
          };
        },
      }),
    ),
    {
      label: "News sentiment (7 days)",
      best: "high",
      note: "Highest is best (−1 to 1).",
      cell: (s) => ({
        text: s.news ? `${formatDecimal(s.news.sentimentScore, 2)} · ${s.news.newsCount} article${s.news.newsCount === 1 ? "" : "s"}` : MISSING,
        value: s.news?.newsCount ? (s.news.sentimentScore ?? null) : null,
        href: withAsOf("/news-analysis", { ticker: s.ticker, timeframe: "7d", asOf }),
        asOf: s.news?.windowEnd ? s.news.windowEnd.slice(0, 10) : null,
        source: "Stored news articles, mean article score",
      }),
    },
    {
      label: "AI score (rank)",
      best: "high",
      note: "Highest is best (0–1; rank 1 is the top).",
      cell: (s) =>
        ai(
          s,
          s.research?.aiScore === null || s.research?.aiScore === undefined ? MISSING : `${s.research.aiScore.toFixed(3)} (#${s.research.aiRank} of ${s.research.rankedOf})`,
          s.research?.aiScore ?? null,
        ),
    },
    {
      label: "Next earnings · beat probability",
      best: "high",
      note: "Highest beat probability is best; read it against the base rate.",
      cell: (s) => {
        const next = s.research?.nextReport;
        const text = next ? (
          <>
            {formatMarketDate(next.date)} ({next.daysTo} d) · {share(next.beatProbability)}
            <Muted> base rate {share(next.baseRate)}</Muted>
          </>
        ) : s.research?.earningsFrom && s.research.asOf && s.research.earningsFrom > s.research.asOf ? (
          `Unknown: the earnings data starts ${formatMarketDate(s.research.earningsFrom)}`
        ) : s.research?.earningsCovered ? (
          "No report after the day"
        ) : (
          "Not covered"
        );
        return { text, value: next?.beatProbability ?? null, href: `/earnings-predictor?ticker=${encodeURIComponent(s.ticker)}`, asOf: s.research?.asOf ?? null, source: s.research?.earningsSource ?? "Earnings data" };
      },
    },
    {
      label: "Tracked funds (13F)",
      best: null,
      note: "Not ranked: holdings are context, not a score.",
      cell: (s) => {
        const held = (s.research?.fundPositions ?? []).filter((position) => position.shares > 0 || position.changeKind === "SOLD_OUT");
        const quarters = s.research?.fundQuarters ?? [];
        const filed = quarters.filter((fund) => fund.quarterEnd !== null);
        // "None held" only where a quarter filed by the day says so; before any, the data cannot tell.
        const unknown =
          filed.length === 0
            ? quarters.length === 0
              ? "No tracked fund stored"
              : `No 13F filed by then (first known ${quarters
                  .map((fund) => (fund.firstQuarterKnownFrom ? formatMarketDate(fund.firstQuarterKnownFrom) : null))
                  .filter(Boolean)
                  .join(", ")})`
            : null;
        const text =
          unknown ??
          (held.length === 0
            ? `None held (${filed.map((fund) => `${fund.name}, quarter to ${formatMarketDate(fund.quarterEnd!)}`).join("; ")})`
            : held.map((position) => (
                <Line key={position.cik}>
                  {position.fundName}: {position.changeKind === "SOLD_OUT" ? "sold out" : `${Math.round(position.shares).toLocaleString("en-US")} sh`}
                  {position.changeKind && position.changeKind !== "SOLD_OUT" ? ` (${changeText(position.changeKind, position.sharesChange ?? null)})` : ""}
                  <Muted> quarter to {formatMarketDate(position.quarterEnd)}, known {formatMarketDate(position.knownFrom)}</Muted>
                </Line>
              )));
        // The tracker opens on the quarter used here (the latest filed by the day).
        const href = withAsOf("/hedge-fund-tracker", { quarter: held[0]?.quarterEnd });
        return { text, value: null, href, asOf: s.research?.asOf ?? null, source: "SEC 13F filings of the tracked funds" };
      },
    },
  ];
}

function changeText(kind: string, change: number | null): string {
  if (kind === "NEW") return "new";
  if (kind === "UNCHANGED") return "unchanged";
  if (change === null) return kind.toLowerCase();
  return `${change > 0 ? "+" : "−"}${Math.abs(Math.round(change)).toLocaleString("en-US")}`;
}

/**
 * The side-by-side table: one column per stock, one row per figure. The best value of a row is
 * marked (★) only where "best" means something, with the direction in the row's note; every figure
 * links to the view it comes from and says the day it is as of.
 */
export function CompareTable({ stocks, asOf }: { stocks: CompareTable_stocks$key; asOf: string | null }) {
  const data = useFragment(
    graphql`
      fragment CompareTable_stocks on Stock @relay(plural: true) @argumentDefinitions(asOf: { type: "String" }) {
        ticker
        name
        technicals(asOf: $asOf) {
          asOf
          source
          close
          sma5
          sma20
          sma50
          rsi14
          beta60
          momentum
          technicalScore
          return1m
        }
        fundamentals(asOf: $asOf) {
          ...fundamentalFigures_fundamentals
        }
        news(timeframe: D7, asOf: $asOf) {
          sentimentScore
          newsCount
          windowEnd
        }
        research(asOf: $asOf) {
          asOf
          aiPicksDate
          aiPicksMessage
          aiScore
          aiRank
          rankedOf
          returns3m
          returns12m
          volatility60
          earningsCovered
          earningsFrom
          earningsSource
          nextReport {
            date
            daysTo
            beatProbability
            baseRate
          }
          fundPositions {
            cik
            fundName
            quarterEnd
            knownFrom
            shares
            changeKind
            sharesChange
          }
          fundQuarters {
            name
            quarterEnd
            firstQuarterKnownFrom
          }
        }
      }
    `,
    stocks,
  );
  return (
    <Scroll>
      <Table>
        <caption>Side by side; ★ marks the best value of a row where a direction is meaningful (see each row's note).</caption>
        <thead>
          <tr>
            <th scope="col">Figure</th>
            {data.map((stock) => (
              <th scope="col" key={stock.ticker}>
                <Link to={withAsOf(`/stocks/${encodeURIComponent(stock.ticker)}`, { asOf })}>{stock.ticker}</Link>
                <Muted>{stock.name}</Muted>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows(asOf).map((row) => {
            const cells = data.map(row.cell);
            const best = bestIndexes(
              cells.map((cell) => cell.value),
              row.best,
            );
            return (
              <tr key={row.label}>
                <th scope="row">
                  {row.label}
                  <Muted>{row.note}</Muted>
                </th>
                {cells.map((cell, index) => (
                  <Td key={data[index].ticker} $best={best.has(index)} aria-label={best.has(index) ? `${data[index].ticker}: best ${row.label}` : undefined}>
                    <Link to={cell.href} title={`${cell.source}${cell.asOf ? `, as of ${cell.asOf}` : ""}`}>
                      {cell.text}
                    </Link>
                    {best.has(index) ? <Star aria-hidden="true"> ★</Star> : null}
                    <Muted>{cell.asOf ? `as of ${formatMarketDate(cell.asOf)}` : (cell.missing ?? "no data by then")}</Muted>
                  </Td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </Table>
    </Scroll>
  );
}

const Scroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  caption { text-align: left; color: ${({ theme }) => theme.colors.textMuted}; margin-bottom: ${({ theme }) => theme.space.sm}; }
  th, td { padding: 8px 10px; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; text-align: left; vertical-align: top; }
  thead th { font-size: ${({ theme }) => theme.fontSizes.md}; }
  tbody th { font-weight: 600; min-width: 180px; }
  a { color: ${({ theme }) => theme.colors.primary}; }
`;

const Td = styled.td<{ $best: boolean }>`
  background: ${({ $best, theme }) => ($best ? theme.colors.surfaceMuted : "transparent")};
  font-weight: ${({ $best }) => ($best ? 700 : 400)};
`;

const Star = styled.span`
  color: ${({ theme }) => theme.colors.premium};
`;

const Muted = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 400;
`;

const Line = styled.span`
  display: block;
`;
