import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import type { ReactElement, ReactNode } from "react";
import styled from "styled-components";

// TooltipProvider (delay 700 ms, skip 300 ms) lives in its own module so the app shell does not
// pull the positioning code (floating-ui) into the entry chunk.

/** Wraps one focusable element (the trigger) and shows `content` on hover or focus. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  return (
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
