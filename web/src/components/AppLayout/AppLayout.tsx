import { Outlet, ScrollRestoration } from "react-router-dom";
import styled from "styled-components";
import { Footer } from "../Footer/Footer";
import { Header } from "../Header/Header";
import { TopTabs } from "../TopTabs/TopTabs";

/** The shell around every route: header, section tabs, the page, footer. */
export function AppLayout() {
  return (
    <Shell>
      <SkipLink href="#main">Skip to content</SkipLink>
      <Header />
      <TopTabs />
      <Main id="main" tabIndex={-1}>
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
  &:focus { top: 8px; }
`;
