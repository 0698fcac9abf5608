import { Suspense, useId, useState, useTransition } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link } from "react-router-dom";
import styled from "styled-components";
import { useAsOf } from "../AsOfControl/useAsOf";
import { PageLoading } from "../PageStatus/PageStatus";
import { Card } from "../ui/Layout";
import { EarningsNextReport } from "./EarningsNextReport";
import { EarningsSkillSummary } from "./EarningsSkillSummary";
import { TickerSelect } from "./TickerSelect";
import type { EarningsPredictionSectionQuery as EarningsPredictionSectionQueryType } from "./__generated__/EarningsPredictionSectionQuery.graphql";

/** Spec §2: the /ai-features section's selector. */
export const SECTION_TICKERS = ["AAPL", "MSFT", "GOOGL", "AMZN", "NVDA"] as const;

export const EarningsPredictionSectionQuery = graphql`
  query EarningsPredictionSectionQuery($ticker: String!, $asOf: String) {
    stock(ticker: $ticker) {
      ticker
      name
      earnings(asOf: $asOf) {
        ...EarningsNextReport_earnings
        skill {
          ...EarningsSkillSummary_skill
        }
      }
    }
  }
`;

/**
 * /ai-features "Earnings Predictions" (Pro users only: the API refuses the data to everyone else):
 * the next report after the page's as-of day of AAPL, MSFT, GOOGL, AMZN or NVDA with its beat
 * probability beside the base rate.
 */
export function EarningsPredictionSection() {
  const { asOf } = useAsOf();
  const [ticker, setTicker] = useState<string>(SECTION_TICKERS[0]);
  const [isPending, startTransition] = useTransition();
  const id = useId();
  return (
    <Section aria-labelledby={`${id}-title`} aria-busy={isPending}>
      <Header>
        <h2 id={`${id}-title`}>Earnings Predictions</h2>
        <TickerSelect label="Stock" tickers={SECTION_TICKERS.map((symbol) => ({ ticker: symbol }))} value={ticker} onChange={(next) => startTransition(() => setTicker(next))} />
      </Header>
      <Suspense fallback={<PageLoading label="Loading the earnings prediction…" />}>
        <SectionData ticker={ticker} asOf={asOf} />
      </Suspense>
      <Link to={`/earnings-predictor?ticker=${ticker}`}>Past predictions and every covered company in the Earnings Predictor</Link>
    </Section>
  );
}

function SectionData({ ticker, asOf }: { ticker: string; asOf: string | null }) {
  const { stock } = useLazyLoadQuery<EarningsPredictionSectionQueryType>(EarningsPredictionSectionQuery, { ticker, asOf });
  if (!stock?.earnings) return <p>No earnings data for {ticker}.</p>;
  return (
    <>
      <EarningsNextReport earnings={stock.earnings} />
      <EarningsSkillSummary skill={stock.earnings.skill} compact />
    </>
  );
}

const Section = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
`;
