import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { createContext, useContext, type ReactElement, type ReactNode } from "react";
import styled from "styled-components";

// Spec §4/§9: tooltips open after 700 ms; moving between triggers within 300 ms skips the delay.
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

const InTooltipGroup = createContext(false);

/**
 * Tooltips that share the skip delay: wrap a row or a table of them. Groups live with the
 * components that show tooltips, not around the whole app, so the shell (entry chunk) does
 * not carry Radix's positioning code (floating-ui).
 */
export function TooltipGroup({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <InTooltipGroup.Provider value={true}>{children}</InTooltipGroup.Provider>
    </TooltipPrimitive.Provider>
  );
}

/** Wraps one focusable element (the trigger) and shows `content` on hover or focus. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  const tooltip = (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <Content sideOffset={6}>
          {content}
          <Arrow />
        </Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
  // A lone tooltip is its own group, with the same delays.
  return useContext(InTooltipGroup) ? tooltip : <TooltipGroup>{tooltip}</TooltipGroup>;
}

const Content = styled(TooltipPrimitive.Content)`
  z-index: 110;
  max-width: 260px;
  padding: 6px 10px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.bg};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1.4;
  box-shadow: ${({ theme }) => theme.colors.shadow};
`;

const Arrow = styled(TooltipPrimitive.Arrow)`
  fill: ${({ theme }) => theme.colors.text};
`;
