import type { ReactNode } from "react";
import { RelayEnvironmentProvider } from "react-relay";
import type { IEnvironment } from "relay-runtime";
import { Toaster } from "./components/Toaster/Toaster";
import { AppThemeProvider } from "./theme/ThemeProvider";

/** Everything a page needs around it: Relay, theme, toasts. Tests render pages inside this too. */
export function Providers({ environment, children }: { environment: IEnvironment; children: ReactNode }) {
  return (
    <RelayEnvironmentProvider environment={environment}>
      <AppThemeProvider>
        <Toaster>{children}</Toaster>
      </AppThemeProvider>
    </RelayEnvironmentProvider>
  );
}
