import { Link } from "react-router-dom";
import styled, { css } from "styled-components";

export type ButtonVariant = "primary" | "secondary" | "ghost";
export type ButtonSize = "sm" | "md" | "lg";

interface ButtonStyleProps {
  $variant?: ButtonVariant;
  $size?: ButtonSize;
  $block?: boolean;
}

const sizes = {
  sm: css`padding: 6px 12px; font-size: ${({ theme }) => theme.fontSizes.sm}; min-height: 34px;`,
  md: css`padding: 9px 16px; font-size: ${({ theme }) => theme.fontSizes.sm}; min-height: 40px;`,
  lg: css`padding: 12px 22px; font-size: ${({ theme }) => theme.fontSizes.md}; min-height: 48px;`,
};

const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  width: ${({ $block }) => ($block ? "100%" : "auto")};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid transparent;
  font-weight: 600;
  line-height: 1.2;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  transition: background-color 120ms ease, border-color 120ms ease, color 120ms ease;
  ${({ $size = "md" }) => sizes[$size]}
  ${({ $variant = "primary", theme }) => {
    switch ($variant) {
      case "primary":
        return css`
          background: ${theme.colors.primary};
          color: ${theme.colors.primaryText};
          &:hover:not(:disabled):not([aria-disabled="true"]) { background: ${theme.colors.primaryHover}; }
        `;
      case "secondary":
        return css`
          background: ${theme.colors.surface};
          color: ${theme.colors.text};
          border-color: ${theme.colors.border};
          &:hover:not(:disabled):not([aria-disabled="true"]) { background: ${theme.colors.surfaceMuted}; }
        `;
      case "ghost":
        return css`
          background: transparent;
          color: ${theme.colors.text};
          &:hover:not(:disabled):not([aria-disabled="true"]) { background: ${theme.colors.surfaceMuted}; }
        `;
    }
  }}
  &:disabled, &[aria-disabled="true"] { opacity: 0.6; cursor: not-allowed; }
`;

export const Button = styled.button<ButtonStyleProps>`${buttonStyles}`;
export const ButtonLink = styled(Link)<ButtonStyleProps>`${buttonStyles}`;
export const ButtonAnchor = styled.a<ButtonStyleProps>`${buttonStyles}`;
