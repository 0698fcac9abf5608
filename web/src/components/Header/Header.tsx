import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from "react-relay";
import { Link, useNavigate } from "react-router-dom";
import styled, { keyframes } from "styled-components";
import { navigation } from "../../api/rest";
import {
  POST_LOGIN_REDIRECT_DELAY_MS,
  SUBSCRIBE_ACTION,
  takePostLoginAction,
  type PostLoginAction,
} from "../../pages/Subscribe/postLoginAction";
import { ErrorBoundary } from "../ErrorBoundary/ErrorBoundary";
import { ThemeToggle } from "../ThemeToggle/ThemeToggle";
import { Button, ButtonLink } from "../ui/Button";
import { Container, VisuallyHidden } from "../ui/Layout";
import type { HeaderViewerQuery as HeaderViewerQueryType } from "./__generated__/HeaderViewerQuery.graphql";

export const COMPANY_NAME = "Tickerscope";
export const COMPANY_SHORT_NAME = "TS";
export const LOGIN_PATH = "/api/login";

// Signed-in only: its dropdown (Radix menu + floating-ui) stays out of the entry chunk every visitor loads.
const UserMenu = lazy(() => import("../UserMenu/UserMenu").then((module) => ({ default: module.UserMenu })));

export const HeaderViewerQuery = graphql`
  query HeaderViewerQuery {
    viewer {
      id
      ...UserMenu_viewer
    }
  }
`;

export function Header() {
  const [logoFailed, setLogoFailed] = useState(false);

  return (
    <Bar>
      <Inner>
        <Brand to="/" aria-label={`${COMPANY_NAME} home`}>
          {logoFailed ? (
            <LogoFallback role="img" aria-label={`${COMPANY_NAME} logo`}>
              {COMPANY_SHORT_NAME}
            </LogoFallback>
          ) : (
            <LogoImage src="/logo.svg" alt={`${COMPANY_NAME} logo`} width={32} height={32} onError={() => setLogoFailed(true)} />
          )}
          <FullName>{COMPANY_NAME}</FullName>
          <ShortName aria-hidden="true">{COMPANY_SHORT_NAME}</ShortName>
        </Brand>
        <Actions>
          <ThemeToggle />
          <ButtonLink to="/pricing" $variant="secondary" $size="sm">
            Pricing
          </ButtonLink>
          <AccountControl />
        </Actions>
      </Inner>
    </Bar>
  );
}

/**
 * The viewer, fetched once for the shell: signing out reloads the page, and signing in on
 * /auth fetches HeaderViewerQuery again (pages/Auth/afterSignIn.ts), which updates it here. Loaded
 * from an effect rather than during render: React 19 may remount a suspended subtree,
 * and a render-time fetch would start over each time.
 */
function AccountControl() {
  const [queryRef, loadViewer] = useQueryLoader<HeaderViewerQueryType>(HeaderViewerQuery);
  useEffect(() => {
    loadViewer({}, { fetchPolicy: "store-or-network" });
  }, [loadViewer]);

  if (!queryRef) return <AccountPlaceholder />;
  return (
    // A failed check shows the signed-out state (spec §4: not retried).
    <ErrorBoundary fallback={<SignInButton />}>
      <Suspense fallback={<AccountPlaceholder />}>
        <ViewerControl queryRef={queryRef} />
      </Suspense>
    </ErrorBoundary>
  );
}

function ViewerControl({ queryRef }: { queryRef: PreloadedQuery<HeaderViewerQueryType> }) {
  const { viewer } = usePreloadedQuery<HeaderViewerQueryType>(HeaderViewerQuery, queryRef);
  if (!viewer) return <SignInButton />;
  return (
    <>
      <PostLoginRedirect />
      <UserMenu viewer={viewer} />
    </>
  );
}

function SignInButton() {
  return (
    <Button type="button" $size="sm" onClick={() => navigation.assign(LOGIN_PATH)}>
      Sign In
    </Button>
  );
}

/** While the sign-in check runs: a placeholder circle where the avatar will be. */
function AccountPlaceholder() {
  return (
    <PlaceholderCircle role="status">
      <VisuallyHidden>Checking sign-in…</VisuallyHidden>
    </PlaceholderCircle>
  );
}

/**
 * Spec §4: after signing in from /subscribe's 'Login to Continue', wait 500 ms and
 * open /subscribe. The action is taken (read and cleared) at once; the ref keeps it
 * across React's development double effects so the redirect still happens once.
 */
function PostLoginRedirect() {
  const navigate = useNavigate();
  const pending = useRef<PostLoginAction | null>(null);
  useEffect(() => {
    pending.current ??= takePostLoginAction();
    if (pending.current !== SUBSCRIBE_ACTION) return;
    const timer = setTimeout(() => {
      pending.current = null;
      navigate("/subscribe");
    }, POST_LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return null;
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Inner = styled(Container)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 60px;
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-weight: 750;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  letter-spacing: -0.02em;
  min-width: 0;
`;

const LogoImage = styled.img`
  display: block;
  width: 32px;
  height: 32px;
  flex: none;
`;

const LogoFallback = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  flex: none;
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 800;
`;

const FullName = styled.span`
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    display: none;
  }
`;

const ShortName = styled.span`
  display: none;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    display: inline;
  }
`;

const pulse = keyframes`50% { opacity: 0.55; }`;

const PlaceholderCircle = styled.span`
  display: inline-block;
  width: 36px;
  height: 36px;
  flex: none;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border: 1px solid ${({ theme }) => theme.colors.border};
  animation: ${pulse} 1.4s ease-in-out infinite;
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  flex: none;
`;
