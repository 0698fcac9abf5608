import { Suspense, type ComponentType } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import styled from "styled-components";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { CurrentPlanBanner } from "../../components/CurrentPlanBanner/CurrentPlanBanner";
import { ChartIcon, CrownIcon, EyeIcon, PlayIcon, ScaleIcon, SettingsIcon, ShieldIcon, SparkIcon, TerminalIcon } from "../../components/Icons/Icons";
import { PageLoading } from "../../components/PageStatus/PageStatus";
import { SoonBadge } from "../../components/PricingCards/FeatureList";
import { availableFirst, PRO_FEATURES, type ProFeatureId } from "../../components/PricingCards/plans";
import { PricingCards } from "../../components/PricingCards/PricingCards";
import { Card, Container, Lead, PageHeading, PageSection } from "../../components/ui/Layout";
import type { PricingPageQuery as PricingPageQueryType } from "./__generated__/PricingPageQuery.graphql";
import { useRouteQuery } from "../../routing/routeQueries";

export const PricingPageQuery = graphql`
  query PricingPageQuery {
    viewer {
      id
      ...CurrentPlanBanner_viewer
      ...PricingCards_viewer
    }
  }
`;

const SHOWCASE_ICONS: Record<ProFeatureId, ComponentType<{ size?: number }>> = {
  "combined-screener": ChartIcon,
  "api-access": TerminalIcon,
  "ai-stock-picker": SparkIcon,
  "advanced-technical-analysis": ChartIcon,
  "stock-comparison": ScaleIcon,
  "news-videos": PlayIcon,
  "hedge-fund-13f": EyeIcon,
  "earnings-predictions": CrownIcon,
  "priority-support": ShieldIcon,
  "advanced-screener-filters": SettingsIcon,
};

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
            {availableFirst(PRO_FEATURES).map(({ id, name, description, available }) => {
              const Icon = SHOWCASE_ICONS[id];
              return (
                <Feature key={id} as="article" aria-labelledby={`pro-feature-${id}`} $upcoming={!available}>
                  <FeatureTop>
                    <Icon size={20} />
                    {available ? null : <SoonBadge>Coming soon</SoonBadge>}
                  </FeatureTop>
                  <h3 id={`pro-feature-${id}`}>{name}</h3>
                  <p>{description}</p>
                </Feature>
              );
            })}
          </Showcase>
        </section>
        <Fine>Cancel anytime. Payments are handled securely by our card payment provider.</Fine>
      </PageSection>
    </Container>
  );
}

/** The current-plan banner and the plan cards, for the signed-in user's plan. */
function Plans() {
  const queryRef = useRouteQuery<PricingPageQueryType>();
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

const Feature = styled(Card)<{ $upcoming: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  align-content: start;
  svg { color: ${({ theme, $upcoming }) => ($upcoming ? theme.colors.textMuted : theme.colors.premium)}; }
  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const FeatureTop = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Fine = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
