import styled from "styled-components";

export const Container = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space.md};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    padding: 0 ${({ theme }) => theme.space.lg};
  }
`;

/** For data-dense pages (the screeners): a results table with many columns needs the width. */
export const WideContainer = styled(Container)`
  max-width: 1600px;
`;

export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.colors.shadow};
  padding: ${({ theme }) => theme.space.lg};
  min-width: 0;
`;

export const PageHeading = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 750;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    font-size: 2rem;
  }
`;

export const Lead = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  max-width: 60ch;
`;

export const PageSection = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.xl} 0 ${({ theme }) => theme.space.xxl};
`;

/** A single card carrying a short message with actions (404, features in development). */
export const MessagePanel = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  justify-items: start;
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

export const Badge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 4px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
`;

export const VisuallyHidden = styled.span`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

/** A `<dl>` of label/value rows (`<div><dt/><dd/></div>`), values right-aligned, rows ruled apart. */
export const DetailList = styled.dl`
  display: grid;
  margin: 0;
  > div {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    align-items: center;
    gap: 4px ${({ theme }) => theme.space.md};
    padding: 10px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  > div:last-child { border-bottom: 0; }
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  dd { margin: 0; font-weight: 600; text-align: right; }
`;

/** A KPI tile in a `<dl>` of figures: the muted label over the figure, a primary-coloured rule on top. */
export const StatTile = styled.div`
  display: grid;
  gap: 2px;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-top: 4px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.colors.shadow};
  min-width: 0;
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: 600; }
  dd { margin: 0; }
`;

/** Buttons side by side, wrapping on narrow screens. */
export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** Actions centred under a prompt (Pro gates and overlays). */
export const CenteredActions = styled(Actions)`
  justify-content: center;
  margin-top: ${({ theme }) => theme.space.sm};
`;

/** The narrow centred column of the account and checkout pages; links placed directly in it keep their width. */
export const NarrowPage = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  max-width: 560px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl} 0 ${({ theme }) => theme.space.xxl};
  > a { justify-self: start; }
`;

/** A NarrowPage whose card opens with the page heading (demo checkout and billing portal). */
export const NarrowCardPage = styled(NarrowPage)`
  h1 { margin-bottom: ${({ theme }) => theme.space.md}; }
`;

/** A MessagePanel centred on its own page (subscribe and subscription-result states). */
export const PageMessagePanel = styled(MessagePanel)`
  max-width: 640px;
  margin: ${({ theme }) => theme.space.xxl} auto;
`;

/** A round icon badge heading a message panel; premium-coloured unless told otherwise. */
export const IconBubble = styled.div<{ $tone?: "premium" | "success" }>`
  display: grid;
  place-items: center;
  width: 56px;
  height: 56px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme, $tone = "premium" }) => theme.colors[$tone]};
`;

/** The rounded track behind a row of equal segments (tabs, segmented pickers). */
export const SegmentedTrack = styled.div`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: 1fr;
  gap: 4px;
  padding: 4px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;
