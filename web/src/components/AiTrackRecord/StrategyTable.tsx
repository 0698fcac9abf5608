import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { formatIc, formatShare } from "../AiPicks/format";
import { TableFrame } from "../AiPicks/styles";
import { formatReturn } from "../ScreenBacktest/BacktestReport";
import { MISSING } from "../ScreenResults/format";
import { IntervalText } from "./IntervalText";
import type { StrategyTable_record$key } from "./__generated__/StrategyTable_record.graphql";

/**
 * Each strategy over the completed rebalances, as the API lists them: the AI top 5 and every
 * baseline's top 5 on the same months and rules, the deciles and the members; each ranking's IC,
 * hit rate and monthly excess with their 95 % intervals and Newey–West t.
 */
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
          maxDrawdown
          averageTurnover
          icNeweyWestT
          icInterval {
            ...IntervalText_interval
          }
          hitRateInterval {
            ...IntervalText_interval
          }
          monthlyExcessInterval {
            ...IntervalText_interval
          }
          excessNeweyWestT
        }
      }
    `,
    record,
  );
  return (
    // Wider than a narrow window: the frame scrolls sideways, so it takes the keyboard's focus too.
    <Frame tabIndex={0} role="region" aria-label="Strategies table (scrolls sideways)">
      <table>
        <caption>
          Strategies over {data.months} completed monthly rebalances, after costs (the members at no cost). Intervals: 95 % block bootstrap over
          months; t: Newey–West.
        </caption>
        <thead>
          <tr>
            <th scope="col">Strategy</th>
            <th scope="col" data-align="end">Mean IC</th>
            <th scope="col" data-align="end">IC t</th>
            <th scope="col" data-align="end">Hit rate</th>
            <th scope="col" data-align="end">Excess vs members, a month</th>
            <th scope="col" data-align="end">Excess t</th>
            <th scope="col" data-align="end">Cumulative</th>
            <th scope="col" data-align="end">Annualised</th>
            <th scope="col" data-align="end">Max drawdown</th>
            <th scope="col" data-align="end">Turnover</th>
          </tr>
        </thead>
        <tbody>
          {data.strategies.map((strategy) => (
            <tr key={strategy.strategy} data-strategy={strategy.strategy}>
              <Label scope="row">{strategy.label}</Label>
              <td data-align="end" data-interval>{strategy.icInterval ? <IntervalText interval={strategy.icInterval} format="ic" /> : MISSING}</td>
              <td data-align="end">{formatIc(strategy.icNeweyWestT, 2)}</td>
              <td data-align="end" data-interval title={strategy.hitRateInterval ? "Share of picks whose period return beat the members' median" : undefined}>
                {strategy.hitRateInterval ? <IntervalText interval={strategy.hitRateInterval} format="share" zeroMeaningful={false} /> : MISSING}
              </td>
              <td data-align="end" data-interval>{strategy.monthlyExcessInterval ? <IntervalText interval={strategy.monthlyExcessInterval} format="return" /> : MISSING}</td>
              <td data-align="end">{formatIc(strategy.excessNeweyWestT, 2)}</td>
              <td data-align="end">{formatReturn(strategy.cumulativeReturn)}</td>
              <td data-align="end">{formatReturn(strategy.annualisedReturn)}</td>
              <td data-align="end">{formatShare(strategy.maxDrawdown)}</td>
              <td data-align="end">{formatShare(strategy.averageTurnover)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Frame>
  );
}

// On a narrow screen the table scrolls sideways rather than break an interval into one word a line.
const Frame = styled(TableFrame)`
  td[data-interval] { min-width: 10.5rem; }
`;

const Label = styled.th`
  min-width: 9rem;
`;
