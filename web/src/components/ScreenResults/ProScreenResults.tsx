import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { Notice } from "../Notice/Notice";
import { formatScore } from "../SentimentBadge/sentiment";
import { SkeletonBar } from "../Skeleton/Skeleton";
import { Button } from "../ui/Button";
import { VisuallyHidden } from "../ui/Layout";
import { downloadCsv } from "./csv";
import { formatDecimal, formatInteger, formatPoints, formatPrice, MISSING } from "./format";
import { buildProResultsCsv, fundHoldingText, PRO_CSV_FILE_NAME } from "./proColumns";
import { MatchCount, ResultsSection, ResultsTable, ResultsTableScroll } from "./resultsStyles";
import { ScreenSummary } from "./ScreenSummary";
import { TickerCell } from "./TickerCell";
import type { ProScreenResults_result$key } from "./__generated__/ProScreenResults_result.graphql";

/** Rows shown in the table; the CSV holds every row of the run. */
export const PRO_ROWS_SHOWN = 100;

const HEADERS = [
  "Ticker",
  "Price",
  "Grade",
  "Combined",
  "AI score",
  "AI rank",
  "3m",
  "12m",
  "Vol 60d",
  "Beat prob.",
  "Report in",
  "Funds (13F)",
  "Sector",
  "Upg / Dng",
  "Articles",
  "Sentiment",
] as const;

const percent = (value: number | null | undefined, decimals = 1) => (value == null ? MISSING : `${formatDecimal(value * 100, decimals)}%`);

/** Pro Screener results: KPI tiles, sources, warnings, the rows with the extra columns, and the CSV of every row. */
export function ProScreenResults({ result }: { result: ProScreenResults_result$key }) {
  const data = useFragment(
    graphql`
      fragment ProScreenResults_result on ProScreenResult {
        ...ScreenSummary_result
        runId
        factorSources {
          day
          aiPicksDate
          aiPicksStatus
          earnings
          funds {
            name
            quarterEnd
          }
        }
        rows(first: 10000) {
          totalCount
          edges {
            node {
              ticker
              name
              sector
              price
              grade
              combinedScore
              technicalScore
              sentimentScore
              newsCount
              analystUpgrades
              analystDowngrades
              beta
              aiScore
              aiRank
              aiRankedOf
              return1m
              return3m
              return12m
              volatility60
              beatProbability
              nextReportDate
              daysToReport
              fundHoldings {
                fundName
                quarterEnd
                changeKind
              }
              asOf
            }
          }
        }
      }
    `,
    result,
  );
  const allRows = data.rows.edges.map((edge) => edge.node);
  const rows = allRows.slice(0, PRO_ROWS_SHOWN);
  const { totalCount } = data.rows;
  const sources = data.factorSources;
  const funds = sources.funds.map((fund) => `${fund.name} ${fund.quarterEnd ? `quarter ${fund.quarterEnd}` : "(no quarter filed yet)"}`).join(", ");

  return (
    <ResultsSection aria-label="Pro screen results">
      <ScreenSummary result={data} />
      <Sources>
        Pro figures as of {sources.day ?? MISSING}: AI picks {sources.aiPicksDate ? `scored ${sources.aiPicksDate}` : `not available (${sources.aiPicksStatus})`};
        earnings: {sources.earnings}; 13F: {funds || "no fund loaded"}.
      </Sources>
      {rows.length === 0 ? (
        <Notice title="No stocks matched">
          <p>No stock passed every filter. Read the caveats above: a filter the data cannot answer leaves the stock out and says how many. Widen a range and run again.</p>
        </Notice>
      ) : (
        <>
          <Toolbar>
            <MatchCount>
              {totalCount > rows.length
                ? `Top ${rows.length} of ${formatInteger(totalCount)} matches, by combined score`
                : `${formatInteger(totalCount)} ${totalCount === 1 ? "match" : "matches"}, by combined score`}
            </MatchCount>
            <Button type="button" $variant="secondary" $size="sm" onClick={() => downloadCsv(PRO_CSV_FILE_NAME, buildProResultsCsv(allRows))}>
              Export CSV
            </Button>
          </Toolbar>
          <ProTable headers={HEADERS}>
            {rows.map((row) => (
              <tr key={row.ticker}>
                <TickerCell ticker={row.ticker} name={row.name} />
                <td data-align="end">{formatPrice(row.price)}</td>
                <td>{row.grade}</td>
                <td data-align="end">{formatPoints(row.combinedScore)}</td>
                <td data-align="end">{row.aiScore == null ? <Unknown title="No AI score for this ticker on the day">{MISSING}</Unknown> : percent(row.aiScore, 1)}</td>
                <td data-align="end">{row.aiRank == null ? MISSING : `${formatInteger(row.aiRank)} / ${formatInteger(row.aiRankedOf)}`}</td>
                <td data-align="end">{percent(row.return3m)}</td>
                <td data-align="end">{percent(row.return12m)}</td>
                <td data-align="end">{percent(row.volatility60)}</td>
                <td data-align="end">
                  {row.beatProbability == null ? <Unknown title="Not covered by the earnings predictions, or no report ahead">{MISSING}</Unknown> : percent(row.beatProbability, 0)}
                </td>
                <td data-align="end" title={row.nextReportDate ?? undefined}>
                  {row.daysToReport == null ? MISSING : `${formatInteger(row.daysToReport)} d`}
                </td>
                <td>{row.fundHoldings.length === 0 ? MISSING : row.fundHoldings.map(fundHoldingText).join("; ")}</td>
                <td>{row.sector ?? MISSING}</td>
                <td data-align="end">
                  {formatInteger(row.analystUpgrades)} / {formatInteger(row.analystDowngrades)}
                </td>
                <td data-align="end">{formatInteger(row.newsCount)}</td>
                <td data-align="end">{row.sentimentScore == null ? MISSING : formatScore(row.sentimentScore)}</td>
              </tr>
            ))}
          </ProTable>
        </>
      )}
    </ResultsSection>
  );
}

/** Skeleton rows under the Pro table's headers while a run is pending. */
export function ProResultsSkeleton() {
  return (
    <ResultsSection aria-busy="true" aria-label="Pro screen results">
      <VisuallyHidden role="status">Running the Pro screen…</VisuallyHidden>
      <ProTable headers={HEADERS}>
        {Array.from({ length: 5 }, (_, index) => (
          <tr key={index} data-testid="skeleton-row">
            {HEADERS.map((header) => (
              <td key={header}>
                <SkeletonBar $width="60%" />
              </td>
            ))}
          </tr>
        ))}
      </ProTable>
    </ResultsSection>
  );
}

function ProTable({ headers, children }: { headers: readonly string[]; children: React.ReactNode }) {
  return (
    <ResultsTableScroll>
      <ResultsTable $minWidth={1100} $cellPadding={8}>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </ResultsTable>
    </ResultsTableScroll>
  );
}

const Sources = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Unknown = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

