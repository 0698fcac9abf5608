import styled, { type DefaultTheme } from "styled-components";
import { changeText, CHANGE_STYLES, type ChangeKind } from "./format";

/** A holding's change since the previous quarter: its words, in its colour. */
export function ChangeBadge({ kind, sharesChangeFraction }: { kind: string | null | undefined; sharesChangeFraction?: number | null }) {
  const tone = (kind && CHANGE_STYLES[kind as ChangeKind]?.tone) || "textMuted";
  return <Label $tone={tone}>{changeText(kind, sharesChangeFraction)}</Label>;
}

const Label = styled.span<{ $tone: keyof DefaultTheme["colors"] }>`
  color: ${({ theme, $tone }) => theme.colors[$tone]};
  font-weight: 600;
  white-space: nowrap;
`;
