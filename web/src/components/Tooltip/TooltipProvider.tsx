import { Provider } from "@radix-ui/react-tooltip";
import type { ReactNode } from "react";

// Spec §4/§9: tooltips open after 700 ms; moving between triggers within 300 ms skips the delay.
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </Provider>
  );
}
