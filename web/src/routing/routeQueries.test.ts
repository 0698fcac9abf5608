import { graphql } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import { liveRouteQueries, loadRouteQuery, releaseRouteQueriesExcept, startRouteQueryRun } from "./routeQueries";

const query = graphql`
  query routeQueriesTestQuery {
    viewer {
      id
    }
  }
`;

test("the page on screen lets go of older routes' queries, never of those a newer navigation has started", () => {
  const environment = createMockEnvironment();
  const load = (run: number) => loadRouteQuery(environment, run, query, {});
  const first = startRouteQueryRun(environment);
  const left = load(first);
  const onScreenRun = startRouteQueryRun(environment);
  const onScreen = { viewer: null, queries: { page: load(onScreenRun) }, run: onScreenRun };
  // A click starts the next route's queries before the page on screen has reported (its effect runs after paint).
  const nextRun = startRouteQueryRun(environment);
  const next = load(nextRun);

  releaseRouteQueriesExcept(environment, onScreen);
  expect([left.isDisposed, onScreen.queries.page.isDisposed, next.isDisposed]).toEqual([true, false, false]);

  releaseRouteQueriesExcept(environment, { viewer: null, queries: { page: next }, run: nextRun });
  expect(onScreen.queries.page.isDisposed).toBe(true);
  expect(liveRouteQueries(environment)).toEqual([next]);
});
