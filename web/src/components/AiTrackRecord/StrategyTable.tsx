import { graphql, useFragment } from "react-relay";
import { formatShare } from "../AiPicks/format";
import { TableFrame } from "../AiPicks/styles";
import { formatReturn } from "../ScreenBacktest/BacktestReport";
import { MISSING } from "../ScreenResults/format";
import type { StrategyTable_record$key } from "./__generated__/StrategyTable_record.graphql";

/** Each strategy over the completed rebalances, as the API lists them (AI and momentum, top 5 and decile, the universe). */
export function StrategyTable({ record }: { record: StrategyTable_record$key }) {
  const data = useFragment(
    graphql`
      fragment StrategyTable_record on AiTrackRecord {
        months
        strategies {
          strategy
          label
          cumulativeReturn
          annualisedReturn
          annualisedExcessReturn
          maxDrawdown
          averageTurnover
          hitRate
        }
      }
    `,
    record,
  );
  return (
    <TableFrame>
      <table>
        <caption>Strategies over {data.months} completed monthly rebalances, after costs (the universe at no cost)</caption>
        <thead>
          <tr>
            <th scope="col">Strategy</th>
            <th scope="col" data-align="end">Cumulative return</th>
            <th scope="col" data-align="end">Annualised return</th>
            <th scope="col" data-align="end">Excess vs universe (annualised)</th>
            <th scope="col" data-align="end">Max drawdown</th>
            <th scope="col" data-align="end">Average turnover</th>
            <th scope="col" data-align="end">Hit rate</th>
          </tr>
        </thead>
        <tbody>
          {data.strategies.map((strategy) => (
            <tr key={strategy.strategy}>
              <th scope="row">{strategy.label}</th>
              <td data-align="end">{formatReturn(strategy.cumulativeReturn)}</td>
              <td data-align="end">{formatReturn(strategy.annualisedReturn)}</td>
              <td data-align="end">{strategy.strategy === "universe" ? MISSING : formatReturn(strategy.annualisedExcessReturn)}</td>
              <td data-align="end">{formatShare(strategy.maxDrawdown)}</td>
              <td data-align="end">{formatShare(strategy.averageTurnover)}</td>
              <td data-align="end" title={strategy.hitRate == null ? undefined : "Share of picks whose period return beat the universe median"}>
                {formatShare(strategy.hitRate)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
