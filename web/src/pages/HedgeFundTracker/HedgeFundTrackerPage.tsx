import { lazy, Suspense, useMemo, useState } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import { useSearchParams } from "react-router-dom";
import styled from "styled-components";
import { Note, TableFrame } from "../../components/AiPicks/styles";
import { AsOfLine } from "../../components/AsOfControl/AsOfLine";
import { useAsOf } from "../../components/AsOfControl/useAsOf";
import { ErrorBoundary } from "../../components/ErrorBoundary/ErrorBoundary";
import { HoldingCells } from "../../components/HedgeFundHoldings/HoldingCells";
import { formatPercent, formatShares, formatUsd } from "../../components/HedgeFundHoldings/format";
import type { LineChartSeries } from "../../components/LineChart/LineChart";
import { PageLoading } from "../../components/PageStatus/PageStatus";
import { formatMarketDate } from "../../components/ScreenResults/format";
import { Button } from "../../components/ui/Button";
import { Card, Container, Lead, PageHeading, PageSection, StatTile, VisuallyHidden } from "../../components/ui/Layout";
import { SortableHeader } from "../../components/ui/SortableHeader";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { useRouteQuery } from "../../routing/routeQueries";
import { sortHoldings, toggledSort, HOLDING_COLUMNS, type HoldingSort } from "./holdingColumns";
import type { HedgeFundTrackerPageQuery as HedgeFundTrackerPageQueryType, HedgeFundTrackerPageQuery$data } from "./__generated__/HedgeFundTrackerPageQuery.graphql";

const LineChart = lazy(() => import("../../components/LineChart/LineChart"));
const TITLE = "Hedge Fund Tracker";
const CHART_TONES: LineChartSeries["tone"][] = ["primary", "accent", "premium", "success", "danger"];
/** SEC rule 13f-1: a 13F is due 45 days after the quarter ends (the API counts a quarter known from then when its filing date is not stored). */
const THIRTEEN_F_DEADLINE_DAYS = 45;

/**
 * /hedge-fund-tracker (spec §2): the 13F tracker for Pro users (the route's gate shows everyone
 * else the spec's gate page), as known on the app's as-of day: the quarters filed by then.
 */
export default function HedgeFundTrackerPage() {
  useDocumentTitle(TITLE);
  return (
    <Container>
      <PageSection>
        <div>
          <PageHeading>{TITLE}</PageHeading>
          <Lead>Every quarter of a fund's SEC 13F holdings, and what it bought and sold since the quarter before.</Lead>
        </div>
        <ErrorBoundary fallback={<Note role="alert">The 13F holdings could not be loaded. Reload the page to try again.</Note>}>
          <Suspense fallback={<PageLoading label="Loading 13F holdings…" />}>
            <Tracker />
          </Suspense>
        </ErrorBoundary>
      </PageSection>
    </Container>
  );
}

/** The fund's quarters known by the as-of day; `quarter` picks one (?quarter=, else the latest). */
export const HedgeFundTrackerPageQuery = graphql`
  query HedgeFundTrackerPageQuery($cik: String!, $quarter: String, $asOf: String) {
    hedgeFund(cik: $cik, asOf: $asOf) {
      asOf
      firstKnownOn
      cik
      name
      importStatus {
        liveImport
        lastSuccessAt
        lastError
      }
      quarters {
        quarterEnd
      }
      quarter(quarterEnd: $quarter) {
        quarterEnd
        previousQuarterEnd
        filedAt
        accessionNumber
        formType
        amendment
        source
        sourceLabel
        filingUrl
        totalValue
        holdingsCount
        top10Weight
        changeCounts {
          new
          added
          reduced
          soldOut
          unchanged
        }
      }
      holdings(quarter: $quarter, first: 500, includeSoldOut: true) {
        totalCount
        edges {
          node {
            ticker
            cusip
            issuerName
            titleOfClass
            putCall
            shares
            value
            percentPortfolio
            changeKind
            sharesChange
            sharesChangeFraction
            valueChange
          }
        }
      }
      valueHistory {
        cusip
        ticker
        issuerName
        points {
          quarterEnd
          value
        }
      }
    }
  }
`;

type Fund = NonNullable<HedgeFundTrackerPageQuery$data["hedgeFund"]>;

function Tracker() {
  const [, setSearchParams] = useSearchParams();
  const { setAsOf } = useAsOf();
  const { hedgeFund } = usePreloadedQuery<HedgeFundTrackerPageQueryType>(HedgeFundTrackerPageQuery, useRouteQuery<HedgeFundTrackerPageQueryType>());
  const day = hedgeFund?.asOf ?? null;
  const asOfLine = <AsOfLine day={day} scope={`the latest quarter filed by this day (or due: ${THIRTEEN_F_DEADLINE_DAYS} days after the quarter ends)`} />;
  if (!hedgeFund) return <Note>This fund is not tracked.</Note>;
  if (!hedgeFund.quarter) {
    const firstKnownLater = hedgeFund.firstKnownOn && day && hedgeFund.firstKnownOn > day ? hedgeFund.firstKnownOn : null;
    return (
      <>
        {asOfLine}
        <Note>
          {day
            ? `No 13F quarter of ${hedgeFund.name} was filed by ${formatMarketDate(day)}: a quarter counts once filed, or ${THIRTEEN_F_DEADLINE_DAYS} days after it ends when the filing date is not stored. Pick a later day.`
            : "No 13F filings are stored for this fund yet."}
        </Note>
        {firstKnownLater ? (
          // Moves every as-of page to that day, as the date control would.
          <FirstDayButton type="button" $variant="secondary" $size="sm" onClick={() => setAsOf(firstKnownLater)}>
            Show the first quarter known: as of {formatMarketDate(firstKnownLater)}
          </FirstDayButton>
        ) : null}
      </>
    );
  }
  // The route drops ?quarter= when the day changes (dayBoundParams): a quarter may not be filed by an earlier day.
  const pickQuarter = (next: string) => {
    setSearchParams((params) => {
      params.set("quarter", next);
      return params;
    });
  };
  return (
    <>
      {asOfLine}
      <QuarterSummary fund={hedgeFund} quarter={hedgeFund.quarter} onPick={pickQuarter} />
      <HoldingsTable quarter={hedgeFund.quarter} holdings={hedgeFund.holdings?.edges.map((edge) => edge.node) ?? []} />
      <ValueChart fund={hedgeFund} />
    </>
  );
}

function QuarterSummary({ fund, quarter, onPick }: { fund: Fund; quarter: NonNullable<Fund["quarter"]>; onPick: (quarterEnd: string) => void }) {
  const counts = quarter.changeCounts;
  return (
    <Section aria-labelledby="fund-title">
      <h2 id="fund-title">
        {fund.name} <small>CIK {fund.cik}</small>
      </h2>
      <label>
        Quarter{" "}
        <select value={quarter.quarterEnd} onChange={(event) => onPick(event.target.value)}>
          {fund.quarters.map((option) => (
            <option key={option.quarterEnd} value={option.quarterEnd}>
              {option.quarterEnd}
            </option>
          ))}
        </select>
      </label>
      <Figures>
        <StatTile>
          <dt>Total reported value</dt>
          <dd>{formatUsd(quarter.totalValue)}</dd>
        </StatTile>
        <StatTile>
          <dt>Holdings</dt>
          <dd>{quarter.holdingsCount}</dd>
        </StatTile>
        <StatTile>
          <dt>Top-10 weight</dt>
          <dd>{formatPercent(quarter.top10Weight * 100, 1)}</dd>
        </StatTile>
        <StatTile>
          <dt>Changes{quarter.previousQuarterEnd ? ` vs ${quarter.previousQuarterEnd}` : ""}</dt>
          <dd>
            {quarter.previousQuarterEnd
              ? `${counts.new} new, ${counts.added} added, ${counts.reduced} reduced, ${counts.soldOut} sold out, ${counts.unchanged} unchanged`
              : "First stored quarter: nothing to compare with"}
          </dd>
        </StatTile>
      </Figures>
      <SourceNote>
        Filing: {quarter.formType}
        {quarter.amendment ? " (amended: the amendment's figures are shown)" : ""}
        {quarter.accessionNumber ? `, accession ${quarter.accessionNumber}` : ""}, {quarter.filedAt ? `filed ${quarter.filedAt}` : "filing date not in the bundled file"}.{" "}
        <a href={quarter.filingUrl} target="_blank" rel="noreferrer">
          {quarter.accessionNumber ? "The filing on SEC EDGAR" : "The fund's 13F filings on SEC EDGAR"}
        </a>
      </SourceNote>
      <SourceNote>
        Data source: {quarter.sourceLabel}. Live import from EDGAR: {fund.importStatus.liveImport}
        {/* The error itself stays in the server log and the API's lastError: readers get what it means for them. */}
        {fund.importStatus.lastError ? " (its last attempt failed, so the holdings shown are from the last import that succeeded)" : ""}.
      </SourceNote>
    </Section>
  );
}

type Holding = NonNullable<Fund["holdings"]>["edges"][number]["node"];

function HoldingsTable({ quarter, holdings }: { quarter: NonNullable<Fund["quarter"]>; holdings: readonly Holding[] }) {
  const [sort, setSort] = useState<HoldingSort>({ key: "value", direction: "descending" });
  const rows = useMemo(() => sortHoldings(holdings, sort), [holdings, sort]);
  const sortColumn = HOLDING_COLUMNS.find((column) => column.key === sort.key);
  return (
    <Section aria-labelledby="holdings-title">
      <h2 id="holdings-title">Holdings, quarter ended {quarter.quarterEnd}</h2>
      <Note>
        Values are as reported at quarter end (whole USD). Changes compare shares with {quarter.previousQuarterEnd ?? "no earlier quarter"}; positions sold out are listed
        with 0 shares. Click a column header to sort.
      </Note>
      <TableFrame>
        <table>
          <caption>13F holdings of the quarter ended {quarter.quarterEnd}</caption>
          <thead>
            <tr>
              {HOLDING_COLUMNS.map((column) => {
                const sorted = sort.key === column.key;
                return (
                  <SortableHeader
                    key={column.key}
                    label={column.label}
                    direction={sorted ? sort.direction : null}
                    onSort={() => setSort(toggledSort(sort, column.key))}
                    align={column.align}
                  />
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((holding) => (
              <tr key={`${holding.cusip}${holding.putCall ?? ""}`}>
                <HoldingCells holding={holding} />
                <td data-align="end">{formatShares(holding.sharesChange, true)}</td>
                <td data-align="end">{formatUsd(holding.valueChange)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <VisuallyHidden role="status">{sortColumn ? `Sorted by ${sortColumn.label}, ${sort.direction}.` : ""}</VisuallyHidden>
    </Section>
  );
}

/** One line per top holding (lightweight-charts has no stacked areas): its reported value by quarter end. */
function ValueChart({ fund }: { fund: Fund }) {
  const series = useMemo<LineChartSeries[]>(
    () =>
      fund.valueHistory.map((line, index) => ({
        title: line.ticker ?? line.issuerName,
        tone: CHART_TONES[index % CHART_TONES.length],
        points: line.points.map((point) => ({ time: point.quarterEnd, value: point.value / 1e9 })),
      })),
    [fund.valueHistory],
  );
  if (series.length === 0) return null;
  return (
    <Section aria-labelledby="value-chart-title">
      <h2 id="value-chart-title">Value of the top {series.length} holdings over time</h2>
      <Note>
        Reported value at each stored quarter end, in billions of USD, for the latest quarter's largest positions, stacked from the bottom in
        this order: {series.map((line) => line.title).join(", ")}. The top edge is their total.
      </Note>
      <Suspense fallback={<PageLoading label="Loading the chart…" />}>
        <LineChart stacked series={series} label={`Reported value in billions of USD by quarter end, stacked: ${series.map((line) => line.title).join(", ")}`} />
      </Suspense>
    </Section>
  );
}

const Section = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
`;


const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  dd { font-size: ${({ theme }) => theme.fontSizes.lg}; font-weight: 700; font-variant-numeric: tabular-nums; }
`;

const SourceNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Its own width, not the page column's. */
const FirstDayButton = styled(Button)`
  justify-self: start;
`;
