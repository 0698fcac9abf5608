import styled from "styled-components";
import { VisuallyHidden } from "../ui/Layout";
import { cellToneColor, toneCue, type CellTone } from "./tones";

/** A value coloured by its tone, with a small mark and hidden words so colour is not the only cue. */
export function ToneValue({ tone, children }: { tone: CellTone | null; children: string }) {
  if (!tone) return <span>{children}</span>;
  const cue = toneCue[tone];
  return (
    <Toned $tone={tone} data-tone={tone}>
      {children}
      <Mark aria-hidden="true">{cue.mark}</Mark>
      <VisuallyHidden> ({cue.words})</VisuallyHidden>
    </Toned>
  );
}

const Toned = styled.span<{ $tone: CellTone }>`
  display: inline-flex;
  align-items: baseline;
  gap: 4px;
  font-weight: 650;
  color: ${({ theme, $tone }) => cellToneColor(theme, $tone)};
`;

const Mark = styled.span`
  font-size: 0.7em;
  font-weight: 700;
  letter-spacing: -0.02em;
`;
