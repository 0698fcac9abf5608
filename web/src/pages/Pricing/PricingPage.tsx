import { Suspense } from "react";
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { useLoaderData } from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import styled from "styled-components";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { CurrentPlanBanner } from "../../components/CurrentPlanBanner/CurrentPlanBanner";
import { ChartIcon, CrownIcon, NewsIcon, ScaleIcon, ShieldIcon, SparkIcon } from "../../components/Icons/Icons";
import { PageLoading } from "../../components/PageStatus/PageStatus";
import { PricingCards } from "../../components/PricingCards/PricingCards";
import { Card, Container, Lead, PageHeading, PageSection } from "../../components/ui/Layout";
import type { PricingPageQuery as PricingPageQueryType } from "./__generated__/PricingPageQuery.graphql";

export const PricingPageQuery = graphql`
  query PricingPageQuery {
    viewer {
      id
      ...CurrentPlanBanner_viewer
      ...PricingCards_viewer
    }
  }
`;

export interface PricingLoaderData {
  queryRef: PreloadedQuery<PricingPageQueryType>;
}

/** Plans change outside this page (checkout, billing portal): show the store's answer, then the server's. */
export function loader(environment: IEnvironment): PricingLoaderData {
  return { queryRef: loadQuery<PricingPageQueryType>(environment, PricingPageQuery, {}, { fetchPolicy: "store-and-network" }) };
}

const SHOWCASE = [
  { title: "AI Stock Picker", body: "Unlimited AI-ranked picks, refreshed daily, beyond the free top-5 preview.", Icon: SparkIcon },
  { title: "Combined Screener", body: "Technical and news-sentiment signals in one graded score (A to D).", Icon: ChartIcon },
  { title: "Hedge Fund Tracking", body: "Institutional holdings from SEC 13F filings.", Icon: ScaleIcon },
  { title: "Earnings Predictions", body: "Beat probability, consensus EPS and momentum ahead of each report.", Icon: CrownIcon },
  { title: "Real-time News Videos", body: "Curated financial news videos alongside your research.", Icon: NewsIcon },
  { title: "Priority Support & API", body: "Faster answers from our team, and API access for your own tools.", Icon: ShieldIcon },
];

export default function PricingPage() {
  useDocumentTitle("Pricing");
  return (
    <Container>
      <PageSection>
        <Intro>
          <PageHeading>Simple, transparent pricing</PageHeading>
          <Lead>Start free with the Basic plan. Upgrade to Pro for $30/month, with a 7-day free trial and a 7-day money-back guarantee.</Lead>
        </Intro>
        {/* Only the plans wait for the viewer's plan; the rest of the page is static. */}
        <Suspense fallback={<PageLoading label="Loading plans…" />}>
          <Plans />
        </Suspense>
        <section aria-labelledby="showcase-title">
          <ShowcaseTitle id="showcase-title">Everything in Pro</ShowcaseTitle>
          <Showcase>
            {SHOWCASE.map(({ title, body, Icon }) => (
              <Feature key={title} as="article">
                <Icon size={20} />
                <h3>{title}</h3>
                <p>{body}</p>
              </Feature>
            ))}
          </Showcase>
        </section>
        <Fine>Cancel anytime. Payments are handled securely by our card payment provider.</Fine>
      </PageSection>
    </Container>
  );
}

/** The current-plan banner and the plan cards, for the signed-in user's plan. */
function Plans() {
  const { queryRef } = useLoaderData() as PricingLoaderData;
  const { viewer } = usePreloadedQuery<PricingPageQueryType>(PricingPageQuery, queryRef);
  return (
    <>
      {viewer ? <CurrentPlanBanner viewer={viewer} /> : null}
      <PricingCards viewer={viewer} />
    </>
  );
}

const Intro = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const ShowcaseTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Showcase = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr));
`;

const Feature = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  align-content: start;
  svg { color: ${({ theme }) => theme.colors.premium}; }
  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Fine = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
