import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { formatShare, formatSigned } from "../AiPicks/format";
import { Note } from "../AiPicks/styles";
import { formatMarketDate } from "../ScreenResults/format";
import { StatTile } from "../ui/Layout";
import { formatEps, formatReportDate, formatSnapshotMonth } from "./format";
import type { EarningsNextReport_earnings$key } from "./__generated__/EarningsNextReport_earnings.graphql";

/**
 * A company's next report after the as-of day (the first stored report dated after it): date and
 * time, the beat probability with the base rate beside it, consensus EPS, and the momentum and
 * volatility labels with their definitions, and what "next" means.
 */
export function EarningsNextReport({ earnings }: { earnings: EarningsNextReport_earnings$key }) {
  const data = useFragment(
    graphql`
      fragment EarningsNextReport_earnings on StockEarnings {
        asOf
        next {
          date
          source
          time
          beatProbability
          baseRate
          consensusEps
          momentum
          volatility
          surpriseTrend
          surpriseVolatility
        }
        source {
          name
          snapshotTakenIn
        }
        definitions {
          momentum
          volatility
        }
      }
    `,
    earnings,
  );
  const { asOf, next, source, definitions } = data;
  const snapshot = formatSnapshotMonth(source.snapshotTakenIn);
  const day = asOf ? formatMarketDate(asOf) : null;
  if (!next) return <Note>{day ? `No stored report is dated after ${day}.` : `No upcoming report in the snapshot of ${snapshot}.`}</Note>;
  return (
    <div>
      <Figures>
        <StatTile>
          <dt>
            {day ? `Next report after ${day}` : "Next report"}
            {next.source === source.name ? "" : ` (${next.source})`}
          </dt>
          <dd>{formatReportDate(next.date, next.time)}</dd>
        </StatTile>
        <StatTile>
          <dt>Beat probability</dt>
          <dd>
            <Big>{formatShare(next.beatProbability)}</Big> <span>base rate {formatShare(next.baseRate)}</span>
          </dd>
        </StatTile>
        <StatTile>
          <dt>Consensus EPS</dt>
          <dd>
            <Big>{formatEps(next.consensusEps)}</Big>
          </dd>
        </StatTile>
        <StatTile>
          <dt>Momentum</dt>
          <dd>
            <Big>{next.momentum ?? "not enough history"}</Big>{" "}
            {next.surpriseTrend != null ? <span>{formatSigned(next.surpriseTrend, 1)} pp</span> : null}
          </dd>
        </StatTile>
        <StatTile>
          <dt>Volatility</dt>
          <dd>
            <Big>{next.volatility ?? "not enough history"}</Big>{" "}
            {next.surpriseVolatility != null ? <span>{next.surpriseVolatility.toFixed(1)} pp</span> : null}
          </dd>
        </StatTile>
      </Figures>
      <Definitions>
        <li>
          <strong>Momentum</strong>: {definitions.momentum}
        </li>
        <li>
          <strong>Volatility</strong>: {definitions.volatility}
        </li>
        <li>
          <strong>Base rate</strong>: the share of all covered companies' earlier reports that beat the consensus; the probability is worth
          something only where it differs from it.
        </li>
        <li>
          <strong>Next</strong>: {day ? `the first report dated after ${day} among the stored ones` : `the next report as the snapshot of ${snapshot} listed it`}. Its
          outcome is not shown; its probability, consensus and labels are the model's from just before that report, made with what was known then.
        </li>
        <li>Source: {source.name}, a snapshot taken in {snapshot}.</li>
      </Definitions>
    </div>
  );
}

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(170px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  dd span { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Big = styled.strong`
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Definitions = styled.ul`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding-left: 1.2em;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
