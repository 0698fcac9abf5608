import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { Link, useLoaderData } from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import styled from "styled-components";
import { ApiKeysPanel } from "../../components/ApiKeysPanel/ApiKeysPanel";
import { LockIcon } from "../../components/Icons/Icons";
import { ButtonLink } from "../../components/ui/Button";
import { Container, Lead, MessagePanel, PageHeading, PageSection } from "../../components/ui/Layout";
import { displayNameOf } from "../../components/UserMenu/UserMenu";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { ApiUsageGuide } from "./ApiUsageGuide";
import { PlanCard } from "./PlanCard";
import type { AccountPageQuery as AccountPageQueryType } from "./__generated__/AccountPageQuery.graphql";

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

export interface AccountLoaderData {
  queryRef: PreloadedQuery<AccountPageQueryType>;
}

/** The plan changes in the billing portal and keys get used elsewhere: show the store's answer, then the server's. */
export function loader(environment: IEnvironment): AccountLoaderData {
  return { queryRef: loadQuery<AccountPageQueryType>(environment, AccountPageQuery, {}, { fetchPolicy: "store-and-network" }) };
}

export const SIGN_IN_PATH = "/auth?tab=signin";

/** /account: plan and billing, API keys, and how to use the API. Signed out: a sign-in prompt. */
export default function AccountPage() {
  useDocumentTitle("Account");
  const { queryRef } = useLoaderData() as AccountLoaderData;
  const { viewer, billing } = usePreloadedQuery<AccountPageQueryType>(AccountPageQuery, queryRef);

  if (!viewer) {
    return (
      <Container>
        <SignInPanel aria-labelledby="account-sign-in-title">
          <LockIcon size={26} />
          <PageHeading id="account-sign-in-title">Sign in to see your account</PageHeading>
          <p>Your plan, billing and API keys are here once you sign in.</p>
          <Row>
            <ButtonLink to={SIGN_IN_PATH} $size="lg">Sign In</ButtonLink>
            <Link to="/auth">Create an account</Link>
          </Row>
        </SignInPanel>
      </Container>
    );
  }

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

const SignInPanel = styled(MessagePanel)`
  max-width: 560px;
  margin: ${({ theme }) => theme.space.xxl} auto;
  > svg { color: ${({ theme }) => theme.colors.premium}; }
  a:not([class]) { font-weight: 600; }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

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
