import styled, { keyframes } from "styled-components";

/** A compact, announced progress line for work inside a card (the route-level spinner fills the page). */
export function InlineSpinner({ label }: { label: string }) {
  return (
    <Line role="status" aria-live="polite">
      <Spinner aria-hidden="true" />
      <span>{label}</span>
    </Line>
  );
}

const spin = keyframes`to { transform: rotate(360deg); }`;

const Line = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: ${({ theme }) => theme.space.md} 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Spinner = styled.span`
  flex: none;
  width: 20px;
  height: 20px;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
`;
