// The queries a route starts before its page renders (Relay's render-as-you-fetch), and their
// lifetime: a route's query references are disposed once another route, or the same route with
// new variables, has rendered, so no ticker or day visited stays retained in the store.
import { loadQuery, type PreloadedQuery } from "react-relay";
import { useLoaderData, useNavigation, type Params } from "react-router-dom";
import type { ConcreteRequest, FetchPolicy, GraphQLTaggedNode, IEnvironment, OperationType, VariablesOf } from "relay-runtime";

/** What a route's variables are made from: the URL, its path parameters and the resolved as-of day. */
export interface RouteRequest {
  url: URL;
  params: Params<string>;
  /** The as-of day of an as-of route (null: the data's default day, not known yet on a first visit). */
  asOf: string | null;
}

/** One query a route starts in its loader. The artifact is fetched beside the page's code. */
export interface RouteQuery<TQuery extends OperationType = OperationType> {
  artifact: () => Promise<{ default: ConcreteRequest }>;
  variables?: (request: RouteRequest) => VariablesOf<TQuery>;
  fetchPolicy?: FetchPolicy;
}

// Any query's reference: the loader cannot know each one's type, the page names it (useRouteQuery).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQueryReference = PreloadedQuery<any>;

/** A route loader's answer: the gate's viewer query (gated routes) and the page's own queries by name. */
export interface RouteQueryReferences {
  viewer: AnyQueryReference | null;
  queries: Readonly<Record<string, AnyQueryReference>>;
}

export const NO_ROUTE_QUERIES: RouteQueryReferences = { viewer: null, queries: {} };

const liveReferences = new WeakMap<IEnvironment, Set<AnyQueryReference>>();

function live(environment: IEnvironment): Set<AnyQueryReference> {
  let references = liveReferences.get(environment);
  if (!references) liveReferences.set(environment, (references = new Set()));
  return references;
}

/** loadQuery, remembered until releaseRouteQueriesExcept lets it go. */
export function loadRouteQuery(environment: IEnvironment, artifact: GraphQLTaggedNode, variables: object, fetchPolicy?: FetchPolicy): AnyQueryReference {
  const reference = loadQuery(environment, artifact, variables, fetchPolicy ? { fetchPolicy } : {});
  live(environment).add(reference);
  return reference;
}

/** Every reference of `environment` the rendered route does not hold (earlier routes, loads overtaken by a newer one). */
export function releaseRouteQueriesExcept(environment: IEnvironment, kept: RouteQueryReferences): void {
  const keep = new Set([kept.viewer, ...Object.values(kept.queries)]);
  const references = live(environment);
  for (const reference of references) {
    if (keep.has(reference)) continue;
    // The page now on screen retains what it reads itself (usePreloadedQuery): only the loader's hold ends here.
    reference.dispose();
    references.delete(reference);
  }
}

/** The references still held, for tests: those of the route on screen only. */
export function liveRouteQueries(environment: IEnvironment): readonly AnyQueryReference[] {
  return [...live(environment)].filter((reference) => !reference.isDisposed);
}

/** The reference of the query the route table started for this page under `name` ("page" unless it starts several). */
export function useRouteQuery<TQuery extends OperationType>(name = "page"): PreloadedQuery<TQuery> {
  const { queries } = useLoaderData() as RouteQueryReferences;
  const reference = queries[name];
  if (!reference) throw new Error(`The route table starts no query named "${name}" for this page.`);
  return reference as PreloadedQuery<TQuery>;
}

/**
 * Whether the route is loading new queries (a URL change within the page, or another page): the
 * page keeps its current answer on screen, dimmed, until the new one is in.
 */
export function useRouteQueriesPending(): boolean {
  return useNavigation().state !== "idle";
}
