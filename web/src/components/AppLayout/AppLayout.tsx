import { Suspense, type MouseEvent } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router-dom";
import styled from "styled-components";
import { AsOfControl, AsOfControlPlaceholder } from "../AsOfControl/AsOfControl";
import { DataLoadingNotice } from "../DataLoadingNotice/DataLoadingNotice";
import { ErrorBoundary } from "../ErrorBoundary/ErrorBoundary";
import { Footer } from "../Footer/Footer";
import { Header } from "../Header/Header";
import { isAsOfPath } from "../../routing/routeTable";

const MAIN_ID = "main";

/** Moves the focus itself: a plain #main link would also put the fragment in the URL and re-run the route. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

/** The shell around every route: skip link, header with the navigation, the as-of date on data pages, the page, footer. */
export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <Shell>
      {/* The first thing Tab reaches on every page. */}
      <SkipLink href={`#${MAIN_ID}`} onClick={skipToContent}>
        Skip to content
      </SkipLink>
      <Header />
      <DataLoadingNotice />
      {isAsOfPath(pathname) ? (
        // Without coverage the pages still work (at their default day): the bar just stays empty.
        <ErrorBoundary fallback={null}>
          <Suspense fallback={<AsOfControlPlaceholder />}>
            <AsOfControl />
          </Suspense>
        </ErrorBoundary>
      ) : null}
      <Main id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </Main>
      <Footer />
      <ScrollRestoration />
    </Shell>
  );
}

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const Main = styled.main`
  flex: 1;
  outline: none;
`;

const SkipLink = styled.a`
  position: absolute;
  left: 8px;
  top: -100px;
  z-index: 50;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: 700;
  &:focus { top: 8px; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;
