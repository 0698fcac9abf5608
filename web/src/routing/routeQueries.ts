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
  /** Which loader run made them: runs are numbered in the order they start. */
  run: number;
}

interface RouteQueryRuns {
  started: number;
  /** Each reference not yet let go, with the run that made it. */
  live: Map<AnyQueryReference, number>;
}

const runsByEnvironment = new WeakMap<IEnvironment, RouteQueryRuns>();

function runsOf(environment: IEnvironment): RouteQueryRuns {
  let runs = runsByEnvironment.get(environment);
  if (!runs) runsByEnvironment.set(environment, (runs = { started: 0, live: new Map() }));
  return runs;
}

/** Numbers a loader run; its references are loaded with this number. */
export function startRouteQueryRun(environment: IEnvironment): number {
  return (runsOf(environment).started += 1);
}

/** loadQuery, remembered until releaseRouteQueriesExcept lets it go. */
export function loadRouteQuery(environment: IEnvironment, run: number, artifact: GraphQLTaggedNode, variables: object, fetchPolicy?: FetchPolicy): AnyQueryReference {
  const reference = loadQuery(environment, artifact, variables, fetchPolicy ? { fetchPolicy } : {});
  runsOf(environment).live.set(reference, run);
  return reference;
}

/**
 * Lets go of the references of every run older than the one on screen: routes left, and loads
 * overtaken by a newer one. Newer runs are left alone: the page on screen may report late (its
 * effect runs after paint) while a click has already started the next route's queries.
 */
export function releaseRouteQueriesExcept(environment: IEnvironment, onScreen: RouteQueryReferences): void {
  const { live } = runsOf(environment);
  for (const [reference, run] of live) {
    if (run >= onScreen.run) continue;
    // The page on screen retains what it reads itself (usePreloadedQuery): only the loader's hold ends here.
    reference.dispose();
    live.delete(reference);
  }
}

/** The references still held, for tests. */
export function liveRouteQueries(environment: IEnvironment): readonly AnyQueryReference[] {
  return [...runsOf(environment).live.keys()].filter((reference) => !reference.isDisposed);
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
