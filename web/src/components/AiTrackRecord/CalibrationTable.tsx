import { graphql, useFragment } from "react-relay";
import { formatShare } from "../AiPicks/format";
import { Note, TableFrame } from "../AiPicks/styles";
import { formatInteger } from "../ScreenResults/format";
import { IntervalText } from "./IntervalText";
import type { CalibrationTable_calibration$key } from "./__generated__/CalibrationTable_calibration.graphql";

/** The AI score as a probability, out of sample: its Brier score against a constant 50 % with the interval of the difference, and the reliability table. */
export function CalibrationTable({ calibration }: { calibration: CalibrationTable_calibration$key }) {
  const data = useFragment(
    graphql`
      fragment CalibrationTable_calibration on AiScoreCalibration {
        picks
        brierScore
        constantBrier
        brierDifference {
          ...IntervalText_interval
        }
        top5MeanAiScore
        top5HitRate
        reliability {
          from
          to
          count
          meanPredicted
          observedRate
        }
      }
    `,
    calibration,
  );
  const bins = data.reliability.filter((bin) => bin.count > 0);
  return (
    <>
      <Note>
        The AI score as a probability, out of sample: over {formatInteger(data.picks)} scored ticker-months its Brier score is {data.brierScore.toFixed(4)}{" "}
        against {data.constantBrier.toFixed(4)} for a constant 50 % (difference <IntervalText interval={data.brierDifference} format="brier" />; below zero is
        better). The top 5 averaged an AI score of {formatShare(data.top5MeanAiScore)}, and {formatShare(data.top5HitRate)} of them beat the median.
      </Note>
      {bins.length > 0 ? (
        <TableFrame>
          <table>
            <caption>Reliability: predicted against observed, by AI score</caption>
            <thead>
              <tr>
                <th scope="col">AI score</th>
                <th scope="col" data-align="end">Ticker-months</th>
                <th scope="col" data-align="end">Mean AI score</th>
                <th scope="col" data-align="end">Beat the median</th>
              </tr>
            </thead>
            <tbody>
              {bins.map((bin) => (
                <tr key={bin.from}>
                  <th scope="row">
                    {formatShare(bin.from)} – {formatShare(bin.to)}
                  </th>
                  <td data-align="end">{formatInteger(bin.count)}</td>
                  <td data-align="end">{formatShare(bin.meanPredicted)}</td>
                  <td data-align="end">{formatShare(bin.observedRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : null}
    </>
  );
}
