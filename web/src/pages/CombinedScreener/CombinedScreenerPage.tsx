import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { useLoaderData } from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import styled from "styled-components";
import { ComingSoon } from "../../components/ComingSoon/ComingSoon";
import { PricingCards } from "../../components/PricingCards/PricingCards";
import { ProFeatureOverlay } from "../../components/ProFeatureOverlay/ProFeatureOverlay";
import { useProAccess } from "../../components/ProFeatureOverlay/useProAccess";
import { Container, Lead, PageHeading, PageSection } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { CombinedScreenerPreview } from "./CombinedScreenerPreview";
import type { CombinedScreenerPageQuery as CombinedScreenerPageQueryType } from "./__generated__/CombinedScreenerPageQuery.graphql";

export const CombinedScreenerPageQuery = graphql`
  query CombinedScreenerPageQuery {
    viewer {
      id
      ...useProAccess_viewer
      ...PricingCards_viewer
    }
  }
`;

export interface CombinedScreenerLoaderData {
  queryRef: PreloadedQuery<CombinedScreenerPageQueryType>;
}

export function loader(environment: IEnvironment): CombinedScreenerLoaderData {
  return {
    queryRef: loadQuery<CombinedScreenerPageQueryType>(environment, CombinedScreenerPageQuery, {}, { fetchPolicy: "store-and-network" }),
  };
}

const TITLE = "Combined Screener";
const DESCRIPTION = "Technical and news-sentiment signals combined into one graded score (A to D).";

/** /combined-screener (spec §2): the form for Pro users; others see it blurred under the Pro overlay, then the plans. */
export default function CombinedScreenerPage() {
  useDocumentTitle(TITLE);
  const { queryRef } = useLoaderData() as CombinedScreenerLoaderData;
  const { viewer } = usePreloadedQuery<CombinedScreenerPageQueryType>(CombinedScreenerPageQuery, queryRef);
  const hasProAccess = useProAccess(viewer);

  if (hasProAccess) return <ComingSoon title={TITLE} description={`${DESCRIPTION} Included in your Pro plan.`} />;

  return (
    <Container>
      <PageSection>
        <div>
          <PageHeading>{TITLE}</PageHeading>
          <Lead>{DESCRIPTION}</Lead>
        </div>
        <ProFeatureOverlay
          title="Unlock the Combined Screener"
          description="Rank stocks by 60% technical and 40% news-sentiment score, graded A to D, with options liquidity and beta filters."
          preview={<CombinedScreenerPreview />}
        />
        <section aria-labelledby="combined-plans-title">
          <PlansTitle id="combined-plans-title">Choose your plan</PlansTitle>
          <PricingCards viewer={viewer} headingLevel={3} />
        </section>
      </PageSection>
    </Container>
  );
}

const PlansTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  margin-bottom: ${({ theme }) => theme.space.md};
`;
