import { lazy, Suspense } from "react";
import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { Notice } from "../Notice/Notice";
import { formatInteger, formatMarketDate, formatPrice, MISSING } from "../ScreenResults/format";
import { resultsTableFrame, resultsTableText } from "../ScreenResults/resultsStyles";
import { SkeletonBar } from "../Skeleton/Skeleton";
import { StatTile } from "../ui/Layout";
import type { BacktestReport_backtest$key } from "./__generated__/BacktestReport_backtest.graphql";

// The charting library loads with the first backtest, not with the screener.
const BacktestChart = lazy(() => import("./BacktestChart"));

/** A fraction as a signed percentage: 0.0123 → "+1.23 %". */
export function formatReturn(value: number | null | undefined): string {
  if (value == null) return MISSING;
  return `${value > 0 ? "+" : ""}${(value * 100).toFixed(2)} %`;
}

const formatShare = (value: number | null | undefined) => (value == null ? MISSING : `${(value * 100).toFixed(1)} %`);

/**
 * A backtest's figures: forward-return tiles (rows vs universe at +5/+21/+63 trading days, hit
 * rate, with counts), the cumulative chart, drawdown and turnover, and the monthly table with
 * each month's holdings and the closes they were bought at, so every figure can be recomputed.
 */
export function BacktestReport({ backtest }: { backtest: BacktestReport_backtest$key }) {
  const data = useFragment(
    graphql`
      fragment BacktestReport_backtest on ScreenBacktest {
        screenAsOf
        screenRows
        topN
        from
        to
        forwardReturns {
          tradingDays
          endDate
          rowsWithData
          rowsMean
          universeWithData
          universeMean
          universeMedian
          hits
          hitRate
        }
        series {
          date
          portfolio
          universe
        }
        months {
          month
          startDate
          endDate
          portfolioReturn
          universeReturn
          holdingsCount
          rowsMatched
          turnover
          universeCount
          holdings {
            ticker
            close
            priceDate
          }
        }
        portfolioReturn
        universeReturn
        portfolioMaxDrawdown
        universeMaxDrawdown
        averageTurnover
        totalCost
        method
        source
        pricesAsOf
        warnings
      }
    `,
    backtest,
  );
  const first = data.series[0];
  const last = data.series[data.series.length - 1];

  return (
    <Report aria-label="Backtest results">
      <SubHeading>
        What the {formatInteger(data.screenRows)} rows did after {formatMarketDate(data.screenAsOf)}
      </SubHeading>
      <Tiles>
        {data.forwardReturns.map((horizon) => (
          <Tile key={horizon.tradingDays} aria-label={`+${horizon.tradingDays} trading days`}>
            <dt>+{horizon.tradingDays} trading days</dt>
            {horizon.endDate === null ? (
              <dd>
                <Small>The stored prices end before this horizon.</Small>
              </dd>
            ) : (
              <>
                <dd>
                  <Figure>{formatReturn(horizon.rowsMean)}</Figure> <Small>rows vs {formatReturn(horizon.universeMean)} universe</Small>
                </dd>
                <dd>
                  <Small>
                    Hit rate {formatShare(horizon.hitRate)} ({formatInteger(horizon.hits)} of {formatInteger(horizon.rowsWithData)} rows beat the universe median{" "}
                    {formatReturn(horizon.universeMedian)}); to {formatMarketDate(horizon.endDate)}, {formatInteger(horizon.universeWithData)} universe symbols with data
                  </Small>
                </dd>
              </>
            )}
          </Tile>
        ))}
      </Tiles>

      <SubHeading>
        Top {data.topN}, rebalanced monthly, {data.from} to {data.to}
      </SubHeading>
      <Tiles>
        <Tile>
          <dt>Portfolio</dt>
          <dd>
            <Figure>{formatReturn(data.portfolioReturn)}</Figure> <Small>max drawdown {formatShare(data.portfolioMaxDrawdown)}</Small>
          </dd>
        </Tile>
        <Tile>
          <dt>Universe (equal weight)</dt>
          <dd>
            <Figure>{formatReturn(data.universeReturn)}</Figure> <Small>max drawdown {formatShare(data.universeMaxDrawdown)}</Small>
          </dd>
        </Tile>
        <Tile>
          <dt>Turnover per rebalance</dt>
          <dd>
            <Figure>{formatShare(data.averageTurnover)}</Figure> <Small>costs took {formatShare(data.totalCost)} (10 bps per unit)</Small>
          </dd>
        </Tile>
      </Tiles>
      {first && last ? (
        <Suspense fallback={<SkeletonBar />}>
          <BacktestChart
            series={data.series}
            label={`Cumulative value from ${formatMarketDate(first.date)} to ${formatMarketDate(last.date)}: portfolio ${last.portfolio.toFixed(3)}, universe ${last.universe.toFixed(3)} (1 = the start).`}
          />
        </Suspense>
      ) : null}
      <Legend>
        <span data-series="portfolio">Portfolio</span> · <span data-series="universe">Universe</span> · value at each close, 1 = the start
      </Legend>

      <TableFrame>
        <table>
          <caption>Monthly returns: bought at the first trading day's close, held to the next rebalance day's close</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col" data-align="end">Portfolio</th>
              <th scope="col" data-align="end">Universe</th>
              <th scope="col" data-align="end">Holdings</th>
              <th scope="col" data-align="end">Turnover</th>
              <th scope="col">Bought at close of</th>
            </tr>
          </thead>
          <tbody>
            {data.months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{month.month}</th>
                <td data-align="end">{formatReturn(month.portfolioReturn)}</td>
                <td data-align="end">{formatReturn(month.universeReturn)}</td>
                <td data-align="end" title={`${month.rowsMatched} rows matched; ${month.universeCount} universe symbols`}>
                  {formatInteger(month.holdingsCount)}
                </td>
                <td data-align="end">{formatShare(month.turnover)}</td>
                <td>
                  <details>
                    <summary>
                      {month.startDate} → {month.endDate}
                    </summary>
                    {month.holdings.length === 0
                      ? "No rows: held cash."
                      : month.holdings.map((holding) => `${holding.ticker} ${formatPrice(holding.close)} (${holding.priceDate})`).join(", ")}
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>

      {data.warnings.length > 0 ? (
        <Notice tone="warning">
          <ul>
            {data.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
      <Method>
        <summary>How these figures are computed</summary>
        <p>{data.method}</p>
        <p>
          Prices: {data.source}; latest stored day {formatMarketDate(data.pricesAsOf)}.
        </p>
      </Method>
    </Report>
  );
}

const Report = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

const SubHeading = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Tiles = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
`;

const Tile = styled(StatTile)``;

const Figure = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 750;
  font-variant-numeric: tabular-nums;
`;

const Small = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Legend = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  [data-series="portfolio"] { color: ${({ theme }) => theme.colors.primary}; font-weight: 700; }
  [data-series="universe"] { font-weight: 700; }
`;

const TableFrame = styled.div`
  ${resultsTableFrame}
  overflow-x: auto;
  table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
  caption { padding: ${({ theme }) => theme.space.sm}; text-align: left; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  th, td { padding: 6px ${({ theme }) => theme.space.sm}; border-top: 1px solid ${({ theme }) => theme.colors.border}; text-align: left; vertical-align: top; }
  summary { cursor: pointer; }
  ${resultsTableText}
`;

const Method = styled.details`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  summary { cursor: pointer; font-weight: 600; }
`;
