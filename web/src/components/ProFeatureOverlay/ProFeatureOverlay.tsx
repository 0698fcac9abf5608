import { useId, type ReactNode } from "react";
import styled from "styled-components";
import { CrownIcon } from "../Icons/Icons";
import { ButtonLink } from "../ui/Button";
import { Badge, CenteredActions } from "../ui/Layout";

export interface ProFeatureOverlayProps {
  /** What the upgrade unlocks, e.g. "Unlock the Combined Screener". */
  title: string;
  description: string;
  /** A blurred, non-interactive picture of the screen: labels and placeholders only, never made-up data. */
  preview: ReactNode;
  /** Level of the overlay's heading within the page (2 by default). */
  headingLevel?: 2 | 3;
}

/**
 * What non-Pro users (visitors and Basic) see in place of a Pro screen (spec §2):
 * the screen blurred under a 'Pro Feature' card with the upgrade prompt. The
 * preview is hidden from assistive technology and unreachable by keyboard.
 */
export function ProFeatureOverlay({ title, description, preview, headingLevel = 2 }: ProFeatureOverlayProps) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Stack aria-labelledby={titleId}>
      <Preview aria-hidden="true" inert>
        {preview}
      </Preview>
      <Scrim aria-hidden="true" />
      <Prompt>
        <Badge>
          <CrownIcon size={12} /> Pro Feature
        </Badge>
        <Title as={Heading} id={titleId}>{title}</Title>
        <p>{description}</p>
        <CenteredActions>
          <ButtonLink to="/subscribe" $size="lg">Start 7-Day Free Trial</ButtonLink>
          <ButtonLink to="/pricing" $size="lg" $variant="secondary">Compare plans</ButtonLink>
        </CenteredActions>
        <Fine>$30/month after the trial. Cancel anytime.</Fine>
      </Prompt>
    </Stack>
  );
}

/** Preview, scrim and prompt share one grid cell: the section is as tall as the taller of preview and prompt. */
const Stack = styled.section`
  display: grid;
  position: relative;
  isolation: isolate;
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow: hidden;
  > * { grid-area: 1 / 1; }
`;

/** Capped: a preview only needs to suggest the screen, and a long one would push what follows far down on a phone. */
const Preview = styled.div`
  max-height: 720px;
  overflow: hidden;
  filter: blur(4px);
  pointer-events: none;
  user-select: none;
`;

const Scrim = styled.div`
  background: linear-gradient(
    180deg,
    color-mix(in srgb, ${({ theme }) => theme.colors.bg} 10%, transparent),
    color-mix(in srgb, ${({ theme }) => theme.colors.bg} 55%, transparent)
  );
`;

const Prompt = styled.div`
  z-index: 1;
  align-self: start;
  justify-self: center;
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.sm};
  width: min(520px, calc(100% - 2 * ${({ theme }) => theme.space.md}));
  margin: ${({ theme }) => theme.space.xl} 0;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.colors.shadow};
  text-align: center;
  > p { color: ${({ theme }) => theme.colors.textMuted}; }
  ${Badge} { color: ${({ theme }) => theme.colors.premium}; }
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Fine = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;
