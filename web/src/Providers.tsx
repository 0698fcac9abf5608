import type { ReactNode } from "react";
import { RelayEnvironmentProvider } from "react-relay";
import type { IEnvironment } from "relay-runtime";
import { Toaster } from "./components/Toaster/Toaster";
import { TooltipProvider } from "./components/Tooltip/TooltipProvider";
import { AppThemeProvider } from "./theme/ThemeProvider";

/** Everything a page needs around it: Relay, theme, toasts, tooltips. Tests render pages inside this too. */
export function Providers({ environment, children }: { environment: IEnvironment; children: ReactNode }) {
  return (
    <RelayEnvironmentProvider environment={environment}>
      <AppThemeProvider>
        <TooltipProvider>
          <Toaster>{children}</Toaster>
        </TooltipProvider>
      </AppThemeProvider>
    </RelayEnvironmentProvider>
  );
}
