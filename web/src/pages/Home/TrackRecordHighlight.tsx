import { graphql, useFragment } from "react-relay";
import { Link } from "react-router-dom";
import styled from "styled-components";
import { formatMonth, formatShare } from "../../components/AiPicks/format";
import { TRACK_RECORD_ANCHOR } from "../../components/AiTrackRecord/anchor";
import { formatReturn } from "../../components/ScreenBacktest/BacktestReport";
import { Card } from "../../components/ui/Layout";
import type { TrackRecordHighlight_record$key } from "./__generated__/TrackRecordHighlight_record.graphql";

/**
 * The AI picks' measured record, in one card: the walk-forward period, the top 5's hit rate and
 * annualised excess return against the equal-weight universe, the same for plain 12-1 momentum,
 * and the verdict when the model did not beat it. Nothing until the record is computed.
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
        verdict
        strategies {
          strategy
          hitRate
          annualisedExcessReturn
        }
      }
    `,
    record,
  );
  const model = data.strategies.find((strategy) => strategy.strategy === "model_top5");
  const momentum = data.strategies.find((strategy) => strategy.strategy === "momentum_top5");
  if (data.status !== "READY" || !model) return null;
  return (
    <Highlight as="article" aria-labelledby="ai-record-title">
      <h3 id="ai-record-title">AI picks with a published track record</h3>
      <p>
        Walk-forward, {formatMonth(data.firstRebalance)} – {formatMonth(data.lastPeriodEnd)} ({data.months} monthly rebalances, {data.costBps} bps
        costs): AI top-5 hit rate {formatShare(model.hitRate)}, annualised excess return vs the equal-weight universe{" "}
        {formatReturn(model.annualisedExcessReturn)}
        {momentum
          ? `; plain 12-1 momentum's top 5: hit rate ${formatShare(momentum.hitRate)}, excess ${formatReturn(momentum.annualisedExcessReturn)}.`
          : "."}
      </p>
      {data.beatsBaseline === false && data.verdict ? <p>{data.verdict}</p> : null}
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
