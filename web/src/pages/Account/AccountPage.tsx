import { graphql, usePreloadedQuery } from "react-relay";
import styled from "styled-components";
import { ApiKeysPanel } from "../../components/ApiKeysPanel/ApiKeysPanel";
import { Container, Lead, PageHeading, PageSection } from "../../components/ui/Layout";
import { displayNameOf } from "../../components/UserMenu/UserMenu";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { ApiUsageGuide } from "./ApiUsageGuide";
import { PlanCard } from "./PlanCard";
import type { AccountPageQuery as AccountPageQueryType } from "./__generated__/AccountPageQuery.graphql";
import { useRouteQuery } from "../../routing/routeQueries";

export const AccountPageQuery = graphql`
  query AccountPageQuery {
    viewer {
      id
      email
      firstName
      lastName
      ...PlanCard_viewer
      ...ApiKeysPanel_viewer
    }
    billing {
      ...PlanCard_billing
    }
  }
`;

/** /account: plan and billing, API keys, and how to use the API (the route's gate asks visitors to sign in). */
export default function AccountPage() {
  useDocumentTitle("Account");
  const queryRef = useRouteQuery<AccountPageQueryType>();
  const { viewer, billing } = usePreloadedQuery<AccountPageQueryType>(AccountPageQuery, queryRef);

  // The route lets only a signed-in viewer in; a session that ended since then shows nothing until the gate asks again.
  if (!viewer) return null;

  const name = displayNameOf(viewer);
  return (
    <Container>
      <PageSection>
        <div>
          <PageHeading>Account</PageHeading>
          <Lead>
            Signed in as {name}
            {name !== viewer.email ? ` (${viewer.email})` : ""}.
          </Lead>
        </div>
        <Layout>
          <PlanArea>
            <PlanCard viewer={viewer} billing={billing} />
          </PlanArea>
          <KeysArea>
            <ApiKeysPanel viewer={viewer} />
          </KeysArea>
          <UsageArea>
            <ApiUsageGuide />
          </UsageArea>
        </Layout>
      </PageSection>
    </Container>
  );
}

/** Phone: plan, keys, usage. Desktop: plan and usage on the left, keys on the right. */
const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-areas: "plan" "keys" "usage";
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-areas: "plan keys" "usage keys";
    grid-template-columns: minmax(0, 1fr) minmax(0, 1.5fr);
    grid-template-rows: auto 1fr;
    align-items: start;
  }
`;

const PlanArea = styled.div`grid-area: plan; min-width: 0;`;
const KeysArea = styled.div`grid-area: keys; min-width: 0;`;
const UsageArea = styled.div`grid-area: usage; min-width: 0;`;
