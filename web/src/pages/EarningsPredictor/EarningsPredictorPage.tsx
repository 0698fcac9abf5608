import { Suspense, useTransition } from "react";
import { graphql, loadQuery, useLazyLoadQuery, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { useLoaderData, useSearchParams } from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import styled from "styled-components";
import { AsOfLine } from "../../components/AsOfControl/AsOfLine";
import { useAsOf } from "../../components/AsOfControl/useAsOf";
import { EarningsHistory } from "../../components/EarningsPrediction/EarningsHistory";
import { EarningsNextReport } from "../../components/EarningsPrediction/EarningsNextReport";
import { EarningsSkillSummary } from "../../components/EarningsPrediction/EarningsSkillSummary";
import { TickerSelect } from "../../components/EarningsPrediction/TickerSelect";
import { formatSnapshotMonth } from "../../components/EarningsPrediction/format";
import { PageLoading } from "../../components/PageStatus/PageStatus";
import { formatMarketDate } from "../../components/ScreenResults/format";
import { useProAccess } from "../../components/ProFeatureOverlay/useProAccess";
import { Card, Container, Lead, PageHeading, PageSection } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import FeatureGatePage from "../FeatureGate/FeatureGatePage";
import { GATE_ROUTES } from "../FeatureGate/gates";
import type { EarningsPredictorPageDataQuery as EarningsPredictorPageDataQueryType } from "./__generated__/EarningsPredictorPageDataQuery.graphql";
import type { EarningsPredictorPageQuery as EarningsPredictorPageQueryType } from "./__generated__/EarningsPredictorPageQuery.graphql";

export const EarningsPredictorPageQuery = graphql`
  query EarningsPredictorPageQuery {
    viewer {
      id
      ...useProAccess_viewer
    }
  }
`;

/** The Pro data, asked for only once the viewer is known to have Pro (the API refuses it to others). */
export const EarningsPredictorPageDataQuery = graphql`
  query EarningsPredictorPageDataQuery($ticker: String!, $asOf: String) {
    earningsCoverage {
      tickers {
        ticker
        name
      }
      skill {
        ...EarningsSkillSummary_skill
      }
      source {
        name
        snapshotTakenIn
      }
    }
    stock(ticker: $ticker) {
      ticker
      name
      earnings(asOf: $asOf) {
        asOf
        ...EarningsNextReport_earnings
        ...EarningsHistory_earnings
      }
    }
  }
`;

export interface EarningsPredictorLoaderData {
  queryRef: PreloadedQuery<EarningsPredictorPageQueryType>;
}

export function loader(environment: IEnvironment): EarningsPredictorLoaderData {
  return { queryRef: loadQuery<EarningsPredictorPageQueryType>(environment, EarningsPredictorPageQuery, {}, { fetchPolicy: "store-and-network" }) };
}

const TITLE = "Earnings Predictor";
const DEFAULT_TICKER = "AAPL";
const gate = GATE_ROUTES.find((route) => route.path === "/earnings-predictor")!;

/**
 * /earnings-predictor: the spec's gate page for visitors and Basic users; for Pro users any covered
 * company's next report after the app's as-of day with its beat probability beside the base rate,
 * the record of predictions and surprises reported by that day, and the model's measured skill.
 * `?ticker=` picks the company, `?asOf=` the day.
 */
export default function EarningsPredictorPage() {
  const { queryRef } = useLoaderData() as EarningsPredictorLoaderData;
  const { viewer } = usePreloadedQuery<EarningsPredictorPageQueryType>(EarningsPredictorPageQuery, queryRef);
  const hasProAccess = useProAccess(viewer);
  if (!hasProAccess) return <FeatureGatePage title={gate.title} description={gate.description} />;
  return <EarningsPredictor />;
}

function EarningsPredictor() {
  useDocumentTitle(TITLE);
  const [searchParams, setSearchParams] = useSearchParams();
  const ticker = (searchParams.get("ticker") ?? DEFAULT_TICKER).toUpperCase();
  const { asOf } = useAsOf();
  const [isPending, startTransition] = useTransition();
  const choose = (next: string) =>
    startTransition(() =>
      setSearchParams((params) => {
        params.set("ticker", next);
        return params;
      }),
    );
  return (
    <Container>
      <PageSection>
        <div>
          <PageHeading>{TITLE}</PageHeading>
          <Lead>The probability that a company's next report beats the analysts' consensus EPS, beside the base rate, with the model's record.</Lead>
        </div>
        <Suspense fallback={<PageLoading label="Loading the earnings predictions…" />}>
          <PredictorData ticker={ticker} asOf={asOf} pending={isPending} onChoose={choose} />
        </Suspense>
      </PageSection>
    </Container>
  );
}

interface PredictorDataProps {
  ticker: string;
  asOf: string | null;
  pending: boolean;
  onChoose: (ticker: string) => void;
}

function PredictorData({ ticker, asOf, pending, onChoose }: PredictorDataProps) {
  const { earningsCoverage, stock } = useLazyLoadQuery<EarningsPredictorPageDataQueryType>(EarningsPredictorPageDataQuery, { ticker, asOf });
  const snapshot = formatSnapshotMonth(earningsCoverage.source.snapshotTakenIn);
  const day = stock?.earnings?.asOf ?? asOf;
  return (
    <Data aria-busy={pending} $pending={pending}>
      <AsOfLine day={day} scope="reports dated up to this day are past; the next report is the first dated after it" />
      <TickerSelect label="Company" tickers={earningsCoverage.tickers} value={stock?.ticker ?? ticker} onChange={onChoose} />
      <p>
        Data: {earningsCoverage.source.name}, a snapshot taken in {snapshot}; {earningsCoverage.tickers.length} companies covered. "Next" means the
        first stored report dated after the as-of day, even where its date was announced later.
      </p>
      {stock?.earnings ? (
        <>
          <Card aria-labelledby="earnings-next-title">
            <h2 id="earnings-next-title">
              {stock.ticker} {stock.name ? `· ${stock.name}` : ""}: next report
            </h2>
            <EarningsNextReport earnings={stock.earnings} />
          </Card>
          <Card aria-labelledby="earnings-record-title">
            <h2 id="earnings-record-title">Past predictions and surprises{day ? `, reported by ${formatMarketDate(day)}` : ""}</h2>
            <EarningsHistory earnings={stock.earnings} />
          </Card>
        </>
      ) : (
        <p>No earnings data for {ticker}: pick one of the covered companies.</p>
      )}
      <Card aria-labelledby="earnings-skill-title">
        <h2 id="earnings-skill-title">How good the model is</h2>
        <EarningsSkillSummary skill={earningsCoverage.skill} />
      </Card>
    </Data>
  );
}

const Data = styled.div<{ $pending: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
  opacity: ${({ $pending }) => ($pending ? 0.6 : 1)};
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; margin-bottom: ${({ theme }) => theme.space.sm}; }
`;
