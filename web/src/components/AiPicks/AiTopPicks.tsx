import type { AsOfCoverage } from "@shared/as-of";
import { ComputingNotice } from "../ComputingNotice/ComputingNotice";
import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { useAsOf } from "../AsOfControl/useAsOf";
import { SparkIcon } from "../Icons/Icons";
import { Notice } from "../Notice/Notice";
import { formatReturn } from "../ScreenBacktest/BacktestReport";
import { formatInteger, formatMarketDate, formatPrice } from "../ScreenResults/format";
import { formatDateTime } from "../SentimentBadge/sentiment";
import { Badge } from "../ui/Layout";
import { AiSourcesLine } from "./AiSourcesLine";
import { formatFactorInput, formatShare, formatSigned } from "./format";
import { TickerCell } from "../ScreenResults/TickerCell";
import { Note, TableFrame } from "./styles";
import type { AiTopPicks_connection$key } from "./__generated__/AiTopPicks_connection.graphql";

/** What a scored day is, in words (AiPicksConnection.kind; a pass day said by which day it is). */
function kindWords(kind: string | null, date: string | null, coverage: AsOfCoverage): string | null {
  if (kind === "rebalance") return "a monthly rebalance of the published track record";
  if (kind === "on_request") return "scored when asked, with that month's fit";
  if (kind !== "day") return null;
  if (date === coverage.latestPriceDate) return "the last day of the stored prices (offline, the bundled snapshot's last price day), scored by the daily pass";
  if (date === coverage.defaultAsOf) return "the app's default as-of day, scored by the daily pass";
  return "scored by the daily pass";
}

/**
 * The free AI picks: the top 5 at the page's as-of day with each pick's score, price, 1-month
 * return and why (its largest factor contributions, every input on request), the day, the fit that
 * scored it and the data it read. While the first pass runs, or before the first fit, the API's
 * message instead.
 */
export function AiTopPicks({ picks, onRefresh }: { picks: AiTopPicks_connection$key; onRefresh: () => void }) {
  const data = useFragment(
    graphql`
      fragment AiTopPicks_connection on AiPicksConnection {
        status
        message
        date
        requestedAsOf
        kind
        computedAt
        totalCount
        freeLimit
        edgeShown
        model {
          label
          fittedOn
          trainingSamples
          trainingThrough
        }
        sources {
          ...AiSourcesLine_sources
        }
        edges {
          node {
            rank
            ticker
            name
            aiScore
            price
            returns1m
            why
            newsArticles
            newsNote
            factors {
              factor
              label
              input
              contribution
            }
          }
        }
      }
    `,
    picks,
  );
  const { coverage } = useAsOf();
  const kind = kindWords(data.kind ?? null, data.date ?? null, coverage);

  return (
    <Section aria-labelledby="ai-picks-title">
      <Title>
        <SparkIcon size={20} />
        <h2 id="ai-picks-title">AI Stock Picks</h2>
        <Badge>Top {data.freeLimit} free for everyone</Badge>
      </Title>
      {data.status === "COMPUTING" ? (
        <ComputingNotice title="The AI picks are being computed" message={data.message} onRefresh={onRefresh} />
      ) : data.status !== "READY" || !data.date ? (
        <Notice tone="warning" title="No AI picks for this day">
          <p>{data.message ?? "There are no picks for this day."}</p>
        </Notice>
      ) : (
        <>
          <div>
            <PickDay>Picks of {formatMarketDate(data.date)}</PickDay>
            {data.requestedAsOf && data.requestedAsOf !== data.date ? (
              <Note>The last trading day on or before {formatMarketDate(data.requestedAsOf)}.</Note>
            ) : null}
          </div>
          {data.edgeShown === false ? (
            <Notice tone="warning" title="A ranking, not a proven forecast">
              <p>
                The model{data.model ? ` (this month: ${data.model.label.toLowerCase()})` : ""} has not beaten the simplest rules in its published
                track record: its mean IC is not above the best baseline's, or its 95 % interval includes zero. Read these picks as a ranking by
                that rule, not as a demonstrated edge.
              </p>
            </Notice>
          ) : null}
          <Note>
            Ranked by the AI score: the model's probability that the stock beats the median of the {formatInteger(data.totalCount)} tickers
            scored that day over the next 21 trading days, calibrated on its out-of-sample record. Prices and returns are at that day's close.
          </Note>
          {data.model ? (
            <Note>
              {data.model.label}, chosen and fitted on {data.model.fittedOn} on {formatInteger(data.model.trainingSamples)} ticker-days
              {data.model.trainingThrough ? ` (training through ${data.model.trainingThrough})` : ""}
              {kind ? `; this day is ${kind}` : ""}
              {data.computedAt ? `. Computed ${formatDateTime(data.computedAt)}.` : "."}
            </Note>
          ) : null}
          {data.sources ? <AiSourcesLine sources={data.sources} asOf={data.date} /> : null}
          <TableFrame>
            <table>
              <caption>
                Top {data.edges.length} of {formatInteger(data.totalCount)} tickers scored on {formatMarketDate(data.date)}
              </caption>
              <thead>
                <tr>
                  <th scope="col" data-align="end">Rank</th>
                  <th scope="col">Stock</th>
                  <th scope="col" data-align="end">AI score</th>
                  <th scope="col" data-align="end">Price</th>
                  <th scope="col" data-align="end">1-month return</th>
                  <th scope="col">Why (largest contributions)</th>
                </tr>
              </thead>
              <tbody>
                {data.edges.map(({ node: pick }) => (
                  <tr key={pick.ticker}>
                    <td data-align="end">{pick.rank}</td>
                    <TickerCell ticker={pick.ticker} name={pick.name} />
                    <td data-align="end" title="Probability of beating the universe's median return over the next 21 trading days">
                      {formatShare(pick.aiScore)}
                    </td>
                    <td data-align="end">{formatPrice(pick.price)}</td>
                    <td data-align="end">{formatReturn(pick.returns1m)}</td>
                    <WhyCell>
                      <p>{pick.why}</p>
                      {pick.newsArticles === 0 ? <Note>{pick.newsNote}</Note> : null}
                      <details>
                        <summary>All {pick.factors.length} inputs</summary>
                        <Factors aria-label={`${pick.ticker}'s inputs and what each added to its score`}>
                          {pick.factors.map((factor) => (
                            <li key={factor.factor}>
                              {factor.label}: {formatFactorInput(factor.factor, factor.input)} → {formatSigned(factor.contribution)}
                            </li>
                          ))}
                        </Factors>
                      </details>
                    </WhyCell>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
          <Note>
            A contribution is what the factor added to the predicted return rank (−0.5 to 0.5): its weight × the stock's sector-neutral rank for
            the composite and ridge, the change along the stock's path through each tree for boosted trees. A missing input (—) counts as the
            middle rank. Not investment advice.
          </Note>
        </>
      )}
    </Section>
  );
}

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

const Title = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  > svg { color: ${({ theme }) => theme.colors.premium}; }
  h2 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
`;

const PickDay = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 700;
`;

const WhyCell = styled.td`
  min-width: 260px;
  p { margin: 0; }
  summary { cursor: pointer; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.xs}; }
`;

const Factors = styled.ul`
  margin: 4px 0 0;
  padding-left: 1.1em;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;
