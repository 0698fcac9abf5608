import { Suspense } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import { useSearchParams } from "react-router-dom";
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
import { Card, Container, Lead, PageHeading, PageSection } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { useRouteQueriesPending, useRouteQuery } from "../../routing/routeQueries";
import { earningsTickerOf } from "./earningsParams";
import type { EarningsPredictorPageQuery as EarningsPredictorPageQueryType } from "./__generated__/EarningsPredictorPageQuery.graphql";

/** The covered companies, the model's skill and one company's reports as of the day (?ticker=, ?asOf=). */
export const EarningsPredictorPageQuery = graphql`
  query EarningsPredictorPageQuery($ticker: String!, $asOf: String) {
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

const TITLE = "Earnings Predictor";

/**
 * /earnings-predictor (Pro; the route's gate shows others the spec's gate page): any covered
 * company's next report after the app's as-of day with its beat probability beside the base rate,
 * the record of predictions and surprises reported by that day, and the model's measured skill.
 * `?ticker=` picks the company, `?asOf=` the day.
 */
export default function EarningsPredictorPage() {
  useDocumentTitle(TITLE);
  const [searchParams, setSearchParams] = useSearchParams();
  const ticker = earningsTickerOf(searchParams);
  const { asOf } = useAsOf();
  // The route's query follows the URL: a new choice reloads it, the old answer stays on screen meanwhile.
  const pending = useRouteQueriesPending();
  const choose = (next: string) =>
    setSearchParams((params) => {
      params.set("ticker", next);
      return params;
    });
  return (
    <Container>
      <PageSection>
        <div>
          <PageHeading>{TITLE}</PageHeading>
          <Lead>The probability that a company's next report beats the analysts' consensus EPS, beside the base rate, with the model's record.</Lead>
        </div>
        <Suspense fallback={<PageLoading label="Loading the earnings predictions…" />}>
          <PredictorData ticker={ticker} asOf={asOf} pending={pending} onChoose={choose} />
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
  const { earningsCoverage, stock } = usePreloadedQuery<EarningsPredictorPageQueryType>(EarningsPredictorPageQuery, useRouteQuery<EarningsPredictorPageQueryType>());
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
