import { ComputingNotice } from "../ComputingNotice/ComputingNotice";
import { lazy, Suspense, useEffect, useMemo, useRef } from "react";
import { graphql, useFragment } from "react-relay";
import { useLocation } from "react-router-dom";
import styled from "styled-components";
import { AiSourcesLine } from "../AiPicks/AiSourcesLine";
import { formatIc, formatShare } from "../AiPicks/format";
import { Note } from "../AiPicks/styles";
import type { LineChartSeries } from "../LineChart/LineChart";
import { Notice } from "../Notice/Notice";
import { formatInteger, formatMarketDate } from "../ScreenResults/format";
import { formatDateTime } from "../SentimentBadge/sentiment";
import { SkeletonBar } from "../Skeleton/Skeleton";
import { Card, StatTile } from "../ui/Layout";
import { TRACK_RECORD_ANCHOR } from "./anchor";
import { RebalanceTable } from "./RebalanceTable";
import { StrategyTable } from "./StrategyTable";
import type { AiTrackRecord_record$key } from "./__generated__/AiTrackRecord_record.graphql";

// The charting library loads with the track record, not with the page.
const LineChart = lazy(() => import("../LineChart/LineChart"));

/**
 * The AI picks' published walk-forward track record: the verdict against plain 12-1 momentum, each
 * strategy's summary with the ICs, the cumulative curves, every monthly rebalance with its picks
 * and what they returned, and how it was measured (method, survivorship, costs, sources).
 */
export function AiTrackRecord({ record, onRefresh }: { record: AiTrackRecord_record$key; onRefresh: () => void }) {
  const data = useFragment(
    graphql`
      fragment AiTrackRecord_record on AiTrackRecord {
        status
        message
        months
        firstRebalance
        lastPeriodEnd
        meanIc
        icTStat
        baselineMeanIc
        baselineIcTStat
        beatsBaseline
        verdict
        method
        survivorship
        costBps
        horizonDays
        computedAt
        calibration {
          picks
          brierScore
          top5MeanAiScore
          top5HitRate
        }
        curve {
          date
          modelTop5
          momentumTop5
          universe
        }
        sources {
          ...AiSourcesLine_sources
        }
        ...StrategyTable_record
        ...RebalanceTable_record
      }
    `,
    record,
  );
  const sectionRef = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // A link to #track-record (from Home) arrives before the page's data: scroll once it is drawn.
  useEffect(() => {
    if (hash === `#${TRACK_RECORD_ANCHOR}`) sectionRef.current?.scrollIntoView?.({ block: "start" });
  }, [hash]);
  const curve = data.curve;
  const lines = useMemo<LineChartSeries[]>(
    () => [
      { title: "AI top 5", tone: "primary", points: curve.map((point) => ({ time: point.date, value: point.modelTop5 })) },
      { title: "12-1 momentum top 5", tone: "premium", points: curve.map((point) => ({ time: point.date, value: point.momentumTop5 })) },
      { title: "Universe", tone: "textMuted", points: curve.map((point) => ({ time: point.date, value: point.universe })) },
    ],
    [curve],
  );
  const first = curve[0];
  const last = curve[curve.length - 1];

  return (
    <Section id={TRACK_RECORD_ANCHOR} ref={sectionRef} aria-labelledby="track-record-title">
      <h2 id="track-record-title">Track record</h2>
      {data.status !== "READY" ? (
        <ComputingNotice title="The track record is being computed" message={data.message} onRefresh={onRefresh} />
      ) : (
        <>
          <Note>
            Walk-forward over the stored prices: {data.months} monthly rebalances from {formatMarketDate(data.firstRebalance)} to{" "}
            {formatMarketDate(data.lastPeriodEnd)}. Each month the model is refit on earlier data only and its top 5 are bought at that day's
            close and held to the next rebalance, after {data.costBps} bps per unit of turnover; compared with plain 12-1 momentum's top 5
            and the equal-weight universe.
          </Note>
          {data.verdict ? (
            <Notice tone={data.beatsBaseline ? "success" : "warning"} title="Verdict">
              <p>{data.verdict}</p>
            </Notice>
          ) : null}
          <StrategyTable record={data} />
          <IcTiles aria-label="Information coefficient">
            <StatTile>
              <dt>Mean IC, AI model</dt>
              <dd>
                {formatIc(data.meanIc)} <small>t-stat {formatIc(data.icTStat, 2)}</small>
              </dd>
            </StatTile>
            <StatTile>
              <dt>Mean IC, 12-1 momentum</dt>
              <dd>
                {formatIc(data.baselineMeanIc)} <small>t-stat {formatIc(data.baselineIcTStat, 2)}</small>
              </dd>
            </StatTile>
          </IcTiles>
          {data.calibration ? (
            <Note>
              The AI score as a probability, out of sample: the top 5 averaged an AI score of {formatShare(data.calibration.top5MeanAiScore)} and{" "}
              {data.calibration.top5HitRate == null ? "—" : formatShare(data.calibration.top5HitRate)} of them beat the median; over all{" "}
              {formatInteger(data.calibration.picks)} scored ticker-months the Brier score is {data.calibration.brierScore.toFixed(4)} (a constant 50% scores 0.2500).
            </Note>
          ) : null}
          <Note>
            IC: the Spearman correlation between a day's scores and the tickers' returns to the next rebalance, averaged over the months; the
            t-stat is the mean IC ÷ (its standard deviation ÷ √months).
          </Note>
          {first && last ? (
            <Suspense fallback={<SkeletonBar $height="320px" />}>
              <LineChart
                series={lines}
                label={`Cumulative value from ${formatMarketDate(first.date)} to ${formatMarketDate(last.date)} (1 = the first rebalance): AI top 5 ${last.modelTop5.toFixed(3)}, 12-1 momentum top 5 ${last.momentumTop5.toFixed(3)}, equal-weight universe ${last.universe.toFixed(3)}.`}
              />
            </Suspense>
          ) : null}
          <Legend>
            <span data-series="model">AI top 5</span> · <span data-series="momentum">12-1 momentum top 5</span> ·{" "}
            <span data-series="universe">Equal-weight universe</span> · value at each close, 1 = the first rebalance
          </Legend>
          <RebalanceTable record={data} />
        </>
      )}
      <MethodCard aria-labelledby="track-record-method-title">
        <h3 id="track-record-method-title">How it is measured</h3>
        <p>{data.method}</p>
        <p>{data.survivorship}</p>
        <p>
          Costs: {data.costBps} bps per unit of turnover on the model and momentum portfolios; horizon {data.horizonDays} trading days.
          {data.computedAt ? ` Computed ${formatDateTime(data.computedAt)}.` : ""}
        </p>
        {data.sources && data.lastPeriodEnd ? <AiSourcesLine sources={data.sources} asOf={data.lastPeriodEnd} /> : null}
      </MethodCard>
    </Section>
  );
}

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  scroll-margin-top: ${({ theme }) => theme.space.lg};
  > h2 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
`;

const IcTiles = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  dd { font-size: ${({ theme }) => theme.fontSizes.lg}; font-weight: 700; font-variant-numeric: tabular-nums; }
  small { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: 500; }
`;

const Legend = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  [data-series] { font-weight: 700; }
  [data-series="model"] { color: ${({ theme }) => theme.colors.primary}; }
  [data-series="momentum"] { color: ${({ theme }) => theme.colors.premium}; }
`;

const MethodCard = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  h3 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
  > p { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;
