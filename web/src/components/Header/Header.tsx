import { lazy, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore, type ComponentType } from "react";
import { graphql, usePreloadedQuery, useQueryLoader, useRelayEnvironment, type PreloadedQuery } from "react-relay";
import { Link, useNavigate } from "react-router-dom";
import { createOperationDescriptor, getRequest } from "relay-runtime";
import styled, { keyframes } from "styled-components";
import { navigation } from "../../api/rest";
import { AlertBell } from "../AlertBell/AlertBell";
import {
  POST_LOGIN_REDIRECT_DELAY_MS,
  SUBSCRIBE_ACTION,
  takePostLoginAction,
  type PostLoginAction,
} from "../../pages/Subscribe/postLoginAction";
import { ErrorBoundary } from "../ErrorBoundary/ErrorBoundary";
import { useProAccess } from "../ProFeatureOverlay/useProAccess";
import { ThemeToggle } from "../ThemeToggle/ThemeToggle";
import { TickerSearch } from "../TickerSearch/TickerSearch";
import { Button, ButtonLink } from "../ui/Button";
import { Container, VisuallyHidden } from "../ui/Layout";
import type { HeaderViewerQuery as HeaderViewerQueryType, HeaderViewerQuery$data } from "./__generated__/HeaderViewerQuery.graphql";
import { MainNav, PhoneNav, WIDE_NAV_MIN_WIDTH } from "./MainNav";

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
      ...useProAccess_viewer
      ...AlertBell_viewer
    }
  }
`;

export function Header() {
  const [logoFailed, setLogoFailed] = useState(false);
  const [queryRef, loadViewer] = useQueryLoader<HeaderViewerQueryType>(HeaderViewerQuery);
  // The viewer, fetched once for the shell: signing out reloads the page, and signing in on /auth
  // fetches HeaderViewerQuery again (pages/Auth/afterSignIn.ts), which updates it here. Loaded from
  // an effect rather than during render: React 19 may remount a suspended subtree, and a
  // render-time fetch would start over each time.
  useEffect(() => {
    loadViewer({}, { fetchPolicy: "store-or-network" });
  }, [loadViewer]);
  const signedIn = useSignedIn();

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
        <ForViewer queryRef={queryRef} Component={WideNavForViewer} />
        {/* Outside the viewer's Suspense boundaries: what is being typed survives a new sign-in check. */}
        <SearchSlot>
          <TickerSearch canAddToWatchlist={signedIn} />
        </SearchSlot>
        <Actions>
          <ThemeToggle />
          <PricingButton to="/pricing" $variant="secondary" $size="sm">
            Pricing
          </PricingButton>
          <ForViewer queryRef={queryRef} Component={AccountControls} />
        </Actions>
      </Inner>
    </Bar>
  );
}

/**
 * Whether the header's viewer query has answered with a signed-in user (false until it has), read
 * from the store and followed as it changes, without suspending: the search, which must not be
 * remounted by the sign-in check, offers its add-to-watchlist buttons by it.
 */
function useSignedIn(): boolean {
  const environment = useRelayEnvironment();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = environment.subscribe(environment.lookup(VIEWER_OPERATION.fragment), onChange);
      return () => subscription.dispose();
    },
    [environment],
  );
  const read = () => (environment.lookup(VIEWER_OPERATION.fragment).data as HeaderViewerQuery$data | undefined)?.viewer != null;
  return useSyncExternalStore(subscribe, read);
}

const VIEWER_OPERATION = createOperationDescriptor(getRequest(HeaderViewerQuery), {});

type HeaderViewer = HeaderViewerQueryType["response"]["viewer"];
/** undefined while the sign-in check runs, null signed out. */
type ViewerProps = { viewer: HeaderViewer | undefined };

/** Renders `Component` with the viewer as it is known: each part of the header waits for it on its own. */
function ForViewer({ queryRef, Component }: { queryRef: PreloadedQuery<HeaderViewerQueryType> | null | undefined; Component: ComponentType<ViewerProps> }) {
  if (!queryRef) return <Component viewer={undefined} />;
  return (
    // A failed check shows the signed-out state (spec §4: not retried).
    <ErrorBoundary fallback={<Component viewer={null} />}>
      <Suspense fallback={<Component viewer={undefined} />}>
        <LoadedViewer queryRef={queryRef} Component={Component} />
      </Suspense>
    </ErrorBoundary>
  );
}

function LoadedViewer({ queryRef, Component }: { queryRef: PreloadedQuery<HeaderViewerQueryType>; Component: ComponentType<ViewerProps> }) {
  const { viewer } = usePreloadedQuery<HeaderViewerQueryType>(HeaderViewerQuery, queryRef);
  return <Component viewer={viewer} />;
}

/** Pro marks (and the trial offer) only once the viewer is known to have no Pro access: never to a Pro user. */
function useShowProMarks(viewer: HeaderViewer | undefined): boolean {
  const hasProAccess = useProAccess(viewer ?? null);
  return viewer !== undefined && !hasProAccess;
}

function WideNavForViewer({ viewer }: ViewerProps) {
  return <MainNav showProMarks={useShowProMarks(viewer)} />;
}

/** The alerts bell and the avatar menu (or Sign In), and the phone's Menu button. */
function AccountControls({ viewer }: ViewerProps) {
  const showProMarks = useShowProMarks(viewer);
  return (
    <>
      {viewer === undefined ? (
        <AccountPlaceholder />
      ) : viewer === null ? (
        <SignInButton />
      ) : (
        <>
          <PostLoginRedirect />
          <AlertBell viewer={viewer} />
          <Suspense fallback={<AccountPlaceholder />}>
            <UserMenu viewer={viewer} />
          </Suspense>
        </>
      )}
      <PhoneNav showProMarks={showProMarks} />
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
  flex-wrap: nowrap;
  @media (max-width: ${WIDE_NAV_MIN_WIDTH}) {
    flex-wrap: wrap;
  }
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 60px;
`;

/** Beside the menus on a wide screen; a row of its own below the brand on a narrow one. */
const SearchSlot = styled.div`
  flex: 1 1 200px;
  min-width: 120px;
  max-width: 280px;
  @media (max-width: ${WIDE_NAV_MIN_WIDTH}) {
    order: 3;
    flex: 1 0 100%;
    max-width: none;
    padding-bottom: ${({ theme }) => theme.space.sm};
  }
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

/** On a phone the Menu holds Pricing too, and the row has no room for both. */
const PricingButton = styled(ButtonLink)`
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    display: none;
  }
`;

const Actions = styled.div`
  margin-left: auto;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  flex: none;
`;
