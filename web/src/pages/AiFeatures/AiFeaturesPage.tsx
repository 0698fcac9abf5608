import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { useLoaderData } from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import styled from "styled-components";
import { ComingSoon } from "../../components/ComingSoon/ComingSoon";
import { SparkIcon } from "../../components/Icons/Icons";
import { ProFeatureOverlay } from "../../components/ProFeatureOverlay/ProFeatureOverlay";
import { useProAccess } from "../../components/ProFeatureOverlay/useProAccess";
import { Badge, Card, Container, Lead, PageHeading, PageSection } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { AiProSectionsPreview } from "./AiProSectionsPreview";
import type { AiFeaturesPageQuery as AiFeaturesPageQueryType } from "./__generated__/AiFeaturesPageQuery.graphql";

export const AiFeaturesPageQuery = graphql`
  query AiFeaturesPageQuery {
    viewer {
      id
      ...useProAccess_viewer
    }
  }
`;

export interface AiFeaturesLoaderData {
  queryRef: PreloadedQuery<AiFeaturesPageQueryType>;
}

export function loader(environment: IEnvironment): AiFeaturesLoaderData {
  return { queryRef: loadQuery<AiFeaturesPageQueryType>(environment, AiFeaturesPageQuery, {}, { fetchPolicy: "store-and-network" }) };
}

const TITLE = "AI Intelligence";

/**
 * /ai-features (spec §2): AI stock picks (top 5) for everyone; hedge fund 13F holdings and
 * earnings predictions for Pro, shown blurred under the Pro overlay to everyone else.
 */
export default function AiFeaturesPage() {
  useDocumentTitle(TITLE);
  const { queryRef } = useLoaderData() as AiFeaturesLoaderData;
  const { viewer } = usePreloadedQuery<AiFeaturesPageQueryType>(AiFeaturesPageQuery, queryRef);
  const hasProAccess = useProAccess(viewer);

  if (hasProAccess) {
    return (
      <ComingSoon
        title={TITLE}
        description="AI stock picks, hedge fund 13F holdings and earnings predictions, all included in your Pro plan."
      />
    );
  }

  return (
    <Container>
      <PageSection>
        <div>
          <PageHeading>{TITLE}</PageHeading>
          <Lead>AI-ranked stock picks, institutional holdings from 13F filings, and earnings beat probabilities.</Lead>
        </div>
        <PicksPanel aria-labelledby="ai-picks-title">
          <SparkIcon size={20} />
          <div>
            <h2 id="ai-picks-title">AI Stock Picks</h2>
            <p>The top 5 picks, free for everyone. This section is being built and will appear here when it is ready.</p>
          </div>
          <Badge>In development</Badge>
        </PicksPanel>
        <ProFeatureOverlay
          title="Unlock hedge fund holdings and earnings predictions"
          description="See what top funds hold from their SEC 13F filings, and each company's earnings beat probability, consensus EPS and momentum."
          preview={<AiProSectionsPreview />}
        />
      </PageSection>
    </Container>
  );
}

const PicksPanel = styled(Card)`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  > svg { flex: none; margin-top: 4px; color: ${({ theme }) => theme.colors.premium}; }
  > div { flex: 1 1 240px; display: grid; gap: 4px; }
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;
