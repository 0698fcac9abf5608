import { createMockEnvironment } from "relay-test-utils";
import { buildRoutes } from "./routes";
import { appRoutePaths } from "./routePaths";

// The server answers 200 for exactly appRoutePaths (api/src/http/web-app.ts): the router must
// render a page for each, and send every other address to the Not Found page.
it("routes every shared path to a page, and everything else to Not Found", () => {
  const [layout] = buildRoutes(createMockEnvironment());
  const children = layout.children ?? [];
  const routed = children.filter((route) => route.path !== "*").map((route) => (route.index ? "/" : `/${route.path}`));
  expect(routed.sort()).toEqual([...appRoutePaths].sort());
  expect(children.at(-1)?.path).toBe("*");
});
