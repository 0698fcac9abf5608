import type { ReactNode } from "react";
import styled, { css, type DefaultTheme } from "styled-components";

export type NoticeTone = "info" | "success" | "warning" | "danger";

interface NoticeProps {
  tone?: NoticeTone;
  title?: string;
  children?: ReactNode;
  className?: string;
}

const toneColor = (theme: DefaultTheme, tone: NoticeTone) =>
  ({ info: theme.colors.primary, success: theme.colors.success, warning: theme.colors.premium, danger: theme.colors.danger })[tone];

/**
 * An inline message box. Problems are announced at once (role="alert"),
 * everything else politely (role="status").
 */
export function Notice({ tone = "info", title, children, className }: NoticeProps) {
  return (
    <Box role={tone === "danger" ? "alert" : "status"} $tone={tone} className={className}>
      {title ? <strong>{title}</strong> : null}
      {children}
    </Box>
  );
}

const Box = styled.div<{ $tone: NoticeTone }>`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.text};
  ${({ theme, $tone }) => {
    const color = toneColor(theme, $tone);
    return css`
      border: 1px solid color-mix(in srgb, ${color} 45%, ${theme.colors.border});
      border-left: 4px solid ${color};
      background: color-mix(in srgb, ${color} 9%, ${theme.colors.surface});
      > strong { color: ${color}; }
    `;
  }}
  p { margin: 0; }
  a { font-weight: 600; }
`;
