import { graphql, useFragment } from "react-relay";
import { TableFrame } from "../AiPicks/styles";
import { formatReturn } from "../ScreenBacktest/BacktestReport";
import { IntervalText } from "./IntervalText";
import type { SensitivityTable_record$key } from "./__generated__/SensitivityTable_record.graphql";

const picksWords = (picks: string) => (picks === "decile" ? "Top decile" : `Top ${picks}`);

/** The AI portfolio under other sizes and costs, on the same rebalances: does the result hang on one choice? */
export function SensitivityTable({ record }: { record: SensitivityTable_record$key }) {
  const data = useFragment(
    graphql`
      fragment SensitivityTable_record on AiTrackRecord {
        sensitivity {
          picks
          costBps
          annualisedReturn
          annualisedExcessReturn
          monthlyExcess {
            ...IntervalText_interval
          }
        }
      }
    `,
    record,
  );
  if (data.sensitivity.length === 0) return null;
  return (
    // Wider than a narrow window: the frame scrolls sideways, so it takes the keyboard's focus too.
    <TableFrame tabIndex={0} role="region" aria-label="Sensitivity table (scrolls sideways)">
      <table>
        <caption>Sensitivity of the AI portfolio to its size and to costs (the rebalance day's is printed by npm run eval:ai-picks)</caption>
        <thead>
          <tr>
            <th scope="col">Portfolio</th>
            <th scope="col" data-align="end">Costs</th>
            <th scope="col" data-align="end">Annualised</th>
            <th scope="col" data-align="end">Vs members, a year</th>
            <th scope="col" data-align="end">Excess vs members, a month</th>
          </tr>
        </thead>
        <tbody>
          {data.sensitivity.map((row) => (
            <tr key={`${row.picks}-${row.costBps}`}>
              <th scope="row">{picksWords(row.picks)}</th>
              <td data-align="end">{row.costBps} bps</td>
              <td data-align="end">{formatReturn(row.annualisedReturn)}</td>
              <td data-align="end">{formatReturn(row.annualisedExcessReturn)}</td>
              <td data-align="end">
                <IntervalText interval={row.monthlyExcess} format="return" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
