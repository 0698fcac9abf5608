import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { formatIc } from "../AiPicks/format";
import { StockLink } from "../ScreenResults/TickerCell";
import { TableFrame } from "../AiPicks/styles";
import { formatReturn } from "../ScreenBacktest/BacktestReport";
import { formatInteger } from "../ScreenResults/format";
import type { RebalanceTable_record$key } from "./__generated__/RebalanceTable_record.graphql";

/**
 * Every monthly rebalance: its period, what the AI top 5, momentum's top 5 and the universe
 * returned, the IC, the hits, and the five picks with their realised returns, so each month can be
 * checked. The last one is still open: no outcome yet.
 */
export function RebalanceTable({ record }: { record: RebalanceTable_record$key }) {
  const data = useFragment(
    graphql`
      fragment RebalanceTable_record on AiTrackRecord {
        rebalances {
          date
          periodEnd
          universeSize
          fittedOn
          trainingSamples
          outcome {
            modelTop5Return
            momentumTop5Return
            universeReturn
            ic
            baselineIc
            top5Hits
            top5Count
          }
          picks {
            rank
            ticker
            forwardReturn
          }
        }
      }
    `,
    record,
  );
  return (
    <TableFrame>
      <table>
        <caption>Monthly rebalances: bought at the rebalance day's close, held to the next rebalance's close</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col" data-align="end">AI top 5</th>
            <th scope="col" data-align="end">Momentum top 5</th>
            <th scope="col" data-align="end">Universe</th>
            <th scope="col" data-align="end">IC (momentum)</th>
            <th scope="col" data-align="end">Hits</th>
            <th scope="col">AI picks and their returns</th>
          </tr>
        </thead>
        <tbody>
          {data.rebalances.map((rebalance) => {
            const outcome = rebalance.outcome;
            return (
              <tr key={rebalance.date}>
                <th scope="row" title={`Fitted on ${rebalance.fittedOn} on ${formatInteger(rebalance.trainingSamples)} ticker-days; ${formatInteger(rebalance.universeSize)} tickers scored`}>
                  <Period>
                    {rebalance.date} → {rebalance.periodEnd ?? "open"}
                  </Period>
                </th>
                {outcome ? (
                  <>
                    <td data-align="end">{formatReturn(outcome.modelTop5Return)}</td>
                    <td data-align="end">{formatReturn(outcome.momentumTop5Return)}</td>
                    <td data-align="end">{formatReturn(outcome.universeReturn)}</td>
                    <td data-align="end">
                      {formatIc(outcome.ic)} ({formatIc(outcome.baselineIc)})
                    </td>
                    <td data-align="end">
                      {outcome.top5Hits}/{outcome.top5Count}
                    </td>
                  </>
                ) : (
                  <td colSpan={5}>Open: the period has not ended in the stored prices, so there is no outcome yet.</td>
                )}
                <td>
                  <Picks>
                    {rebalance.picks.map((pick) => (
                      <li key={pick.ticker}>
                        <StockLink ticker={pick.ticker} /> {pick.forwardReturn == null ? null : formatReturn(pick.forwardReturn)}
                      </li>
                    ))}
                  </Picks>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableFrame>
  );
}

const Period = styled.span`
  white-space: nowrap;
`;

const Picks = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 2px ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
  li { white-space: nowrap; }
`;
