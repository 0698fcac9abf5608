import styled from "styled-components";
import { COMPANY_NAME } from "../Header/Header";
import { Container } from "../ui/Layout";

export const DISCLAIMER = "For educational use only. Not investment advice.";

export function Footer() {
  return (
    <Bar>
      <Inner>
        <strong>{COMPANY_NAME}</strong>
        <p>{DISCLAIMER}</p>
        <small>© {new Date().getFullYear()} {COMPANY_NAME}</small>
      </Inner>
    </Bar>
  );
}

const Bar = styled.footer`
  margin-top: auto;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Inner = styled(Container)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  padding-top: ${({ theme }) => theme.space.lg};
  padding-bottom: ${({ theme }) => theme.space.lg};
  strong { color: ${({ theme }) => theme.colors.text}; }
`;
