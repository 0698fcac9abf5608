import { useState } from "react";
import { Link } from "react-router-dom";
import styled from "styled-components";
import { ThemeToggle } from "../ThemeToggle/ThemeToggle";
import { Button, ButtonLink } from "../ui/Button";
import { Container } from "../ui/Layout";

export const COMPANY_NAME = "Tickerscope";
export const COMPANY_SHORT_NAME = "TS";
export const LOGIN_PATH = "/api/login";

/** Full-page navigation (the API owns the login redirect). Exported so tests can stub it. */
export const navigation = {
  assign(url: string) {
    window.location.assign(url);
  },
};

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
          {/* Accounts arrive in a later issue: signed-out state only for now. */}
          <Button type="button" $size="sm" onClick={() => navigation.assign(LOGIN_PATH)}>
            Sign In
          </Button>
        </Actions>
      </Inner>
    </Bar>
  );
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

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  flex: none;
`;
