import { graphql, useFragment } from "react-relay";
import { Link } from "react-router-dom";
import styled from "styled-components";
import { formatIc, formatMonth } from "../../components/AiPicks/format";
import { TRACK_RECORD_ANCHOR } from "../../components/AiTrackRecord/anchor";
import { IntervalText } from "../../components/AiTrackRecord/IntervalText";
import { Card } from "../../components/ui/Layout";
import type { TrackRecordHighlight_record$key } from "./__generated__/TrackRecordHighlight_record.graphql";

/** "1-month reversal, top 5" → "1-month reversal". */
const baselineName = (label: string) => label.replace(/, top 5$/, "");

/**
 * The AI picks' measured record, in one card: the walk-forward period, the model's mean IC and the
 * top 5's monthly excess over the equal-weight members, each with its 95 % interval ("not
 * significant" when it includes zero), the best simple rule's IC, and the verdict when the model
 * has shown no edge. Nothing until the record is computed.
 */
export function TrackRecordHighlight({ record }: { record: TrackRecordHighlight_record$key }) {
  const data = useFragment(
    graphql`
      fragment TrackRecordHighlight_record on AiTrackRecord {
        status
        months
        firstRebalance
        lastPeriodEnd
        costBps
        beatsBaseline
        strategies {
          strategy
          meanIc
          icInterval {
            ...IntervalText_interval
          }
          monthlyExcessInterval {
            ...IntervalText_interval
          }
        }
        bestBaseline {
          label
          meanIc
        }
      }
    `,
    record,
  );
  const model = data.strategies.find((strategy) => strategy.strategy === "model_top5");
  if (data.status !== "READY" || !model) return null;
  return (
    <Highlight as="article" aria-labelledby="ai-record-title">
      <h3 id="ai-record-title">AI picks with a published track record</h3>
      <p>
        Walk-forward, {formatMonth(data.firstRebalance)} – {formatMonth(data.lastPeriodEnd)} ({data.months} monthly rebalances, {data.costBps} bps
        costs): mean IC <IntervalText interval={model.icInterval} format="ic" />; the AI top 5 against the equal-weight members{" "}
        <IntervalText interval={model.monthlyExcessInterval} format="return" /> a month.
        {data.bestBaseline ? ` Best simple rule: ${baselineName(data.bestBaseline.label)}, mean IC ${formatIc(data.bestBaseline.meanIc)}.` : ""}
      </p>
      {data.beatsBaseline === false ? (
        <p>
          <strong>No edge shown.</strong>{" "}
          {data.bestBaseline && (model.meanIc ?? -Infinity) <= (data.bestBaseline.meanIc ?? -Infinity)
            ? `The model's IC is not above ${baselineName(data.bestBaseline.label)}'s`
            : "The model's IC interval includes zero"}
          : read its picks as a ranking, not a demonstrated forecast.
        </p>
      ) : null}
      <p>
        <Link to={`/ai-features#${TRACK_RECORD_ANCHOR}`}>See every month's picks and how it is measured</Link>
      </p>
    </Highlight>
  );
}

const Highlight = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  border-left: 4px solid ${({ theme }) => theme.colors.primary};
  h3 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
  a { font-weight: 600; }
`;
