import { useState } from "react";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import { Providers } from "./Providers";
import { getRelayEnvironment } from "./relay/environment";
import { buildRoutes } from "./routes";

export function App({ environment = getRelayEnvironment() }: { environment?: IEnvironment }) {
  const [router] = useState(() => createBrowserRouter(buildRoutes(environment)));
  return (
    <Providers environment={environment}>
      <RouterProvider router={router} />
    </Providers>
  );
}
