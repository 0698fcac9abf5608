import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { formatIc } from "../AiPicks/format";
import { formatReturn } from "../ScreenBacktest/BacktestReport";
import { MISSING } from "../ScreenResults/format";
import type { IntervalText_interval$key } from "./__generated__/IntervalText_interval.graphql";

/** How an interval's figures read: an IC (3 places), a return or a share (percent), a Brier difference (4 places). */
export type IntervalFormat = "ic" | "return" | "share" | "brier";

/** A true minus sign, and no "−0.000" for a value that rounds to zero. */
const withMinus = (text: string) => text.replace(/^-/, Number.parseFloat(text) === 0 ? "" : "−");

const formatters: Record<IntervalFormat, (value: number) => string> = {
  ic: (value) => withMinus(formatIc(value)),
  return: (value) => withMinus(formatReturn(value)),
  share: (value) => `${(value * 100).toFixed(1)} %`,
  brier: (value) => withMinus(`${value > 0 ? "+" : ""}${value.toFixed(4)}`),
};

/**
 * A figure with its 95 % block-bootstrap interval, and "not significant" when the interval includes
 * zero: no mean on the track record is shown without the uncertainty around it.
 */
export function IntervalText({ interval, format, zeroMeaningful = true }: { interval: IntervalText_interval$key | null | undefined; format: IntervalFormat; zeroMeaningful?: boolean }) {
  const data = useFragment(
    graphql`
      fragment IntervalText_interval on ConfidenceInterval {
        estimate
        low
        high
        significant
      }
    `,
    interval,
  );
  if (!data) return <>{MISSING}</>;
  const show = formatters[format];
  return (
    <>
      {show(data.estimate)}{" "}
      <Range>
        (95 % interval {show(data.low)} to {show(data.high)}
        {zeroMeaningful && !data.significant ? <strong>, not significant</strong> : null})
      </Range>
    </>
  );
}

const Range = styled.small`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85em;
  font-weight: 500;
  strong { font-weight: 700; }
`;
