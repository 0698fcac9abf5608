import { render, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router-dom";
import { createMockEnvironment } from "relay-test-utils";
import { Providers } from "../src/Providers";
import { buildRoutes } from "../src/routes";

export type MockEnvironment = ReturnType<typeof createMockEnvironment>;

/** Render the whole app (shell + lazily loaded routes) at `path` (with history state, if given) with a Relay mock environment. */
export function renderApp(path: string | { pathname: string; state?: unknown }, environment: MockEnvironment = createMockEnvironment()) {
  const router = createMemoryRouter(buildRoutes(environment), { initialEntries: [path] });
  const utils = render(
    <Providers environment={environment}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router, environment };
}

/** A toast with `text`, inside the notifications region (it appears with the first toast). */
export async function findToast(text: string) {
  return within(await screen.findByRole("region", { name: /Notifications/ })).findByText(text);
}

/** Render one element inside the providers and a router (for components that use links). */
export function renderWithProviders(element: ReactElement, environment: MockEnvironment = createMockEnvironment()) {
  const routes: RouteObject[] = [{ path: "*", element }];
  const router = createMemoryRouter(routes, { initialEntries: ["/"] });
  const utils = render(
    <Providers environment={environment}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router, environment };
}
