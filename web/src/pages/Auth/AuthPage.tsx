import { useState } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import { Link, Navigate, useSearchParams } from "react-router-dom";
import styled from "styled-components";
import { CreateAccountForm } from "../../components/CreateAccountForm/CreateAccountForm";
import { Notice } from "../../components/Notice/Notice";
import { InlineSpinner } from "../../components/InlineSpinner/InlineSpinner";
import { Tabs } from "../../components/Tabs/Tabs";
import { Badge, Card, Container, Lead, NarrowPage, PageHeading } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import type { PlanId } from "../../components/PricingCards/plans";
import { ActivationStatus } from "./ActivationStatus";
import { PlanChoice } from "./PlanChoice";
import { SignInForm } from "./SignInForm";
import { useActivation } from "./useActivation";
import { useSignInLink, type SignInLinkState } from "./useSignInLink";
import type { AuthPageQuery as AuthPageQueryType } from "./__generated__/AuthPageQuery.graphql";
import { useRouteQuery } from "../../routing/routeQueries";

export const AuthPageQuery = graphql`
  query AuthPageQuery {
    viewer {
      id
    }
    authOptions {
      mailDelivery
      singleSignOn
    }
    billing {
      provider
    }
  }
`;

const TAB_IDS = ["create", "signin", "status"] as const;
type TabId = (typeof TAB_IDS)[number];

const CREATE_ACCOUNT_INTRO: Record<PlanId, string> = {
  basic: "Basic stays free for as long as you like; you can start the Pro trial from your account page at any time.",
  pro: "Enter your email and name, then confirm the Pro plan at checkout. Your 7-day free trial starts right away.",
};

const SSO_ERRORS: Record<string, { title: string; body: string }> = {
  sso_failed: {
    title: "Single sign-on failed",
    body: "We couldn't sign you in with your identity provider. Please try again, or sign in with an emailed link below.",
  },
  sso_unavailable: {
    title: "Single sign-on is unavailable",
    body: "Single sign-on isn't available on this server right now. Sign in with an emailed link below.",
  },
};

/**
 * Honest figures only: the spec's "500+ Active Users, 99.9% Uptime" are
 * unverified claims, so the footer states the offer instead.
 */
const FOOTER_STATS = [
  { value: "7 days", label: "Free trial" },
  { value: "$30", label: "Per month after the trial" },
  { value: "Anytime", label: "Cancel online" },
];

/** /auth (spec §2): Create Account, Sign In, Status; activation and sign-in links run on load. */
export default function AuthPage() {
  useDocumentTitle("Account");
  const queryRef = useRouteQuery<AuthPageQueryType>();
  const data = usePreloadedQuery<AuthPageQueryType>(AuthPageQuery, queryRef);
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const signInToken = params.get("signin_token");
  const ssoError = SSO_ERRORS[params.get("error") ?? ""];
  // Create Account sends an email that already has Pro here, its owner a sign-in link (never saying which emails have Pro).
  const linkSent = params.get("link_sent") === "1";
  const activation = useActivation(sessionId);
  const signInLink = useSignInLink(signInToken);

  const requestedTab = params.get("tab");
  const tabFromUrl: TabId = TAB_IDS.includes(requestedTab as TabId)
    ? (requestedTab as TabId)
    : sessionId ? "status"
    : signInToken || ssoError ? "signin"
    : "create";
  // A tab or plan the visitor picks holds until the URL's query changes (e.g. a link to ?tab=signin).
  const search = params.toString();
  const [chosen, setChosen] = useState<{ search: string; tab: TabId } | null>(null);
  const tab = chosen?.search === search ? chosen.tab : tabFromUrl;
  const selectTab = (next: TabId) => setChosen({ search, tab: next });
  // Pricing's "Choose Basic" links to ?plan=basic; otherwise the Pro trial, as Home's "Start Free Trial" expects.
  const planFromUrl: PlanId = params.get("plan") === "basic" ? "basic" : "pro";
  const [chosenPlan, setChosenPlan] = useState<{ search: string; plan: PlanId } | null>(null);
  const plan = chosenPlan?.search === search ? chosenPlan.plan : planFromUrl;

  // Signed-in visitors have nothing to do here, unless they arrive with a checkout or a sign-in link.
  if (data.viewer && !sessionId && !signInToken) return <Navigate to="/" replace />;

  const providerName = data.billing.provider === "DEMO" ? "demo billing" : "Stripe";
  const mailInDevOutbox = data.authOptions.mailDelivery === "DEV_OUTBOX";

  return (
    <Container>
      <NarrowPage>
        <Intro>
          <Badge>Basic free · Pro 7-day free trial</Badge>
          <PageHeading>Your Tickerscope account</PageHeading>
          <Lead>Create a free Basic account or start a 7-day free trial of Pro, or sign in with a link sent to your email.</Lead>
        </Intro>
        {ssoError ? (
          <Notice tone="danger" title={ssoError.title}>
            <p>{ssoError.body}</p>
          </Notice>
        ) : null}
        <Card>
          <Tabs
            label="Account"
            selected={tab}
            onSelect={selectTab}
            tabs={[
              {
                id: "create",
                label: "Create Account",
                content: (
                  <Panel>
                    <PlanChoice selected={plan} onSelect={(next) => setChosenPlan({ search, plan: next })} />
                    <p>{CREATE_ACCOUNT_INTRO[plan]}</p>
                    {plan === "basic" ? (
                      <SignInForm purpose="createBasic" mailInDevOutbox={mailInDevOutbox} singleSignOn={false} />
                    ) : (
                      <CreateAccountForm />
                    )}
                    <Small>
                      Already have an account?{" "}
                      <TextButton type="button" onClick={() => selectTab("signin")}>
                        Sign in
                      </TextButton>
                    </Small>
                  </Panel>
                ),
              },
              {
                id: "signin",
                label: "Sign In",
                content: (
                  <Panel>
                    {linkSent ? (
                      <Notice tone="info" title="Check your inbox">
                        <p>
                          If that email already has an account with Pro access, we have sent it a sign-in link: it works once, for 15
                          minutes. Otherwise request a link below.
                        </p>
                      </Notice>
                    ) : null}
                    <SignInLinkNotice state={signInLink} />
                    {signInLink.kind === "signedIn" || signInLink.kind === "verifying" ? null : (
                      <SignInForm mailInDevOutbox={mailInDevOutbox} singleSignOn={data.authOptions.singleSignOn} />
                    )}
                  </Panel>
                ),
              },
              {
                id: "status",
                label: "Status",
                content: (
                  <ActivationStatus
                    activation={activation}
                    providerName={providerName}
                    onCreateAccount={() => selectTab("create")}
                    onSignIn={() => selectTab("signin")}
                  />
                ),
              },
            ]}
          />
        </Card>
        <Stats aria-label="The Pro plan">
          {FOOTER_STATS.map((stat) => (
            <li key={stat.label}>
              <strong>{stat.value}</strong>
              <span>{stat.label}</span>
            </li>
          ))}
        </Stats>
        <Small>
          {data.billing.provider === "DEMO"
            ? "This server uses a demo checkout: no card is collected and nothing is charged."
            : "After the 7-day trial, Pro is $30/month until you cancel."}{" "}
          <Link to="/pricing">See plans</Link>
        </Small>
      </NarrowPage>
    </Container>
  );
}

function SignInLinkNotice({ state }: { state: SignInLinkState }) {
  switch (state.kind) {
    case "verifying":
      return <InlineSpinner label="Checking your sign-in link…" />;
    case "signedIn":
      return state.newAccount ? (
        <Notice tone="success" title="Account Created">
          <p>Welcome to Tickerscope, {state.email}! Your free Basic account is ready. Taking you to your account…</p>
        </Notice>
      ) : (
        <Notice tone="success" title="Sign In Successful">
          <p>Welcome back, {state.email}! Taking you to Tickerscope…</p>
        </Notice>
      );
    case "failed":
      return (
        <Notice tone="danger" title="This sign-in link didn't work">
          <p>{state.message}</p>
        </Notice>
      );
    case "idle":
      return null;
  }
}

const Intro = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  justify-items: start;
`;

const Panel = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  > p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Small = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const TextButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
`;

const Stats = styled.ul`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    gap: 2px;
    justify-items: center;
    text-align: center;
    padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xs};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
  strong {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    color: ${({ theme }) => theme.colors.primary};
    @media (min-width: ${({ theme }) => theme.breakpoints.sm}) { font-size: ${({ theme }) => theme.fontSizes.xl}; }
  }
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.xs}; }
`;
