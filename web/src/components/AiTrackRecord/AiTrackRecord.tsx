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
import { formatMarketDate } from "../ScreenResults/format";
import { formatDateTime } from "../SentimentBadge/sentiment";
import { SkeletonBar } from "../Skeleton/Skeleton";
import { Card, StatTile } from "../ui/Layout";
import { TRACK_RECORD_ANCHOR } from "./anchor";
import { CalibrationTable } from "./CalibrationTable";
import { IntervalText } from "./IntervalText";
import { RebalanceTable } from "./RebalanceTable";
import { SensitivityTable } from "./SensitivityTable";
import { StrategyTable } from "./StrategyTable";
import type { AiTrackRecord_record$key } from "./__generated__/AiTrackRecord_record.graphql";

// The charting library loads with the track record, not with the page.
const LineChart = lazy(() => import("../LineChart/LineChart"));

/**
 * The AI picks' published walk-forward track record: the verdict against the best simple rule, the
 * ICs and excess return with their intervals, each strategy's summary, the calibration and the
 * sensitivity, the cumulative curves, every monthly rebalance with its picks
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
        beatsBaseline
        verdict
        choices {
          candidate
          label
          months
        }
        inputCoverage {
          factor
          label
          share
        }
        strategies {
          strategy
          icNeweyWestT
          icInterval {
            ...IntervalText_interval
          }
          monthlyExcessInterval {
            ...IntervalText_interval
          }
        }
        bestBaseline {
          label
          icNeweyWestT
          icInterval {
            ...IntervalText_interval
          }
        }
        method
        survivorship
        costBps
        horizonDays
        computedAt
        calibration {
          ...CalibrationTable_calibration
        }
        curve {
          date
          modelTop5
          momentumTop5
          compositeTop5
          universe
        }
        sources {
          ...AiSourcesLine_sources
        }
        ...StrategyTable_record
        ...SensitivityTable_record
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
      { title: "Factor composite top 5", tone: "success", points: curve.map((point) => ({ time: point.date, value: point.compositeTop5 })) },
      { title: "Universe", tone: "textMuted", points: curve.map((point) => ({ time: point.date, value: point.universe })) },
    ],
    [curve],
  );
  const model = data.strategies.find((strategy) => strategy.strategy === "model_top5");
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
            {formatMarketDate(data.lastPeriodEnd)}. Each month five candidate models are refit on earlier data only, the one with the best record
            over the months before leads, and its top 5 are bought at that day's close and held to the next rebalance, after {data.costBps} bps
            per unit of turnover; compared on the same months and rules with five simple rules and the equal-weight members.
          </Note>
          {data.verdict ? (
            <Notice tone={data.beatsBaseline ? "success" : "warning"} title={data.beatsBaseline ? "Verdict: an edge, measured" : "Verdict: no edge shown"}>
              <p>{data.verdict}</p>
            </Notice>
          ) : null}
          <IcTiles aria-label="Information coefficient">
            <StatTile>
              <dt>Mean IC, AI model</dt>
              <dd>
                <IntervalText interval={model?.icInterval ?? null} format="ic" /> <small>Newey–West t {formatIc(model?.icNeweyWestT, 2)}</small>
              </dd>
            </StatTile>
            {data.bestBaseline ? (
              <StatTile>
                <dt>Mean IC, best baseline: {data.bestBaseline.label.replace(/, top 5$/, "")}</dt>
                <dd>
                  <IntervalText interval={data.bestBaseline.icInterval} format="ic" /> <small>Newey–West t {formatIc(data.bestBaseline.icNeweyWestT, 2)}</small>
                </dd>
              </StatTile>
            ) : null}
            <StatTile>
              <dt>AI top 5 vs the members, a month</dt>
              <dd>
                <IntervalText interval={model?.monthlyExcessInterval ?? null} format="return" />
              </dd>
            </StatTile>
          </IcTiles>
          {data.choices.length > 0 ? (
            <Note>
              The model leading each month, chosen by its own walk-forward record only:{" "}
              {data.choices.map((choice) => `${choice.label} ${choice.months} month${choice.months === 1 ? "" : "s"}`).join(", ")}.
            </Note>
          ) : null}
          <StrategyTable record={data} />
          <Note>
            IC: the Spearman correlation between a day's scores and the members' returns to the next rebalance, averaged over the months. Each
            interval resamples blocks of consecutive months 2,000 times; "not significant" means it includes zero.
          </Note>
          {data.calibration ? <CalibrationTable calibration={data.calibration} /> : null}
          <SensitivityTable record={data} />
          {first && last ? (
            <Suspense fallback={<SkeletonBar $height="320px" />}>
              <LineChart
                series={lines}
                label={`Cumulative value from ${formatMarketDate(first.date)} to ${formatMarketDate(last.date)} (1 = the first rebalance): AI top 5 ${last.modelTop5.toFixed(3)}, 12-1 momentum top 5 ${last.momentumTop5.toFixed(3)}, factor composite top 5 ${last.compositeTop5.toFixed(3)}, equal-weight members ${last.universe.toFixed(3)}.`}
              />
            </Suspense>
          ) : null}
          <Legend>
            <span data-series="model">AI top 5</span> · <span data-series="momentum">12-1 momentum top 5</span> ·{" "}
            <span data-series="composite">Factor composite top 5</span> · <span data-series="universe">Equal-weight members</span> · value at each close, 1 = the first rebalance
          </Legend>
          <RebalanceTable record={data} />
        </>
      )}
      <MethodCard aria-labelledby="track-record-method-title">
        <h3 id="track-record-method-title">How it is measured</h3>
        <p>{data.method}</p>
        {data.inputCoverage.length > 0 ? (
          <p>
            Inputs known on the scored member-months (the rest sat in the middle rank):{" "}
            {data.inputCoverage.map((input) => `${input.label} ${formatShare(input.share)}`).join(", ")}.
          </p>
        ) : null}
        <p>{data.survivorship}</p>
        <p>
          Costs: {data.costBps} bps per unit of turnover on the model's and the baselines' portfolios; horizon {data.horizonDays} trading days.
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
  [data-series="composite"] { color: ${({ theme }) => theme.colors.success}; }
`;

const MethodCard = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  h3 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
  > p { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;
