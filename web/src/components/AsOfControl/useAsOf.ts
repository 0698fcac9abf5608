import { isCalendarDay, type AsOfCoverage } from "@shared/as-of";
import { use, useCallback } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import { redirect, useLocation, useSearchParams } from "react-router-dom";
import { createOperationDescriptor, getRequest, type IEnvironment } from "relay-runtime";
import { routeForPath } from "../../routing/routeTable";
import { AS_OF_PARAM, resolveAsOf, withAsOfParam, type AsOfResolution } from "./asOf";
import type { useAsOfQuery as UseAsOfQueryType, useAsOfQuery$data } from "./__generated__/useAsOfQuery.graphql";

export const AsOfQuery = graphql`
  query useAsOfQuery {
    dataCoverage {
      defaultAsOf
      latestPriceDate
      prices {
        firstDate
        lastDate
      }
      ...AsOfControl_coverage
    }
  }
`;

type Coverage = useAsOfQuery$data["dataCoverage"];

function coverageOf(data: Coverage): AsOfCoverage {
  const firstDates = data.prices.map((source) => source.firstDate).filter(isCalendarDay).sort();
  return {
    defaultAsOf: isCalendarDay(data.defaultAsOf) ? data.defaultAsOf : null,
    firstPriceDate: firstDates[0] ?? null,
    latestPriceDate: isCalendarDay(data.latestPriceDate) ? data.latestPriceDate : null,
  };
}

// Coverage changes at most once a day (live prices): one answer serves a while.
const COVERAGE_TTL_MS = 10 * 60_000;
/** After a failed request: how soon to ask again. */
const COVERAGE_RETRY_MS = 30_000;
const NO_COVERAGE: AsOfCoverage = { defaultAsOf: null, firstPriceDate: null, latestPriceDate: null };

/** The as-of facts, and the answer itself for the date control's fragment (null if the request failed). */
export interface LoadedCoverage {
  coverage: AsOfCoverage;
  data: Coverage | null;
}

interface CachedCoverage {
  at: number;
  loaded: Promise<LoadedCoverage>;
  /** Set once the answer is in, for loaders (which must not wait: they start their query at once). */
  known?: AsOfCoverage;
  /** Keeps the answer in the store while this entry serves. */
  retained: { dispose: () => void };
}
const coverageCache = new WeakMap<IEnvironment, CachedCoverage>();

/**
 * The one request for the data's coverage, shared by the loaders, useAsOf and the date control;
 * retained in the store while cached, so the control's fragment can read it.
 */
export function loadAsOfCoverage(environment: IEnvironment): Promise<LoadedCoverage> {
  const cached = coverageCache.get(environment);
  if (cached && Date.now() - cached.at < COVERAGE_TTL_MS) return cached.loaded;
  const retained = environment.retain(createOperationDescriptor(getRequest(AsOfQuery), {}));
  const entry: CachedCoverage = { at: Date.now(), loaded: Promise.resolve({ coverage: NO_COVERAGE, data: null }), retained };
  entry.loaded = new Promise<LoadedCoverage>((resolve) => {
    let data: Coverage | null = null;
    fetchQuery<UseAsOfQueryType>(environment, AsOfQuery, {}, { fetchPolicy: "store-or-network" }).subscribe({
      next: (answer) => {
        data = answer.dataCoverage;
      },
      complete: () => {
        entry.known = data ? coverageOf(data) : NO_COVERAGE;
        resolve({ coverage: entry.known, data });
      },
      // Kept (as "unknown") rather than dropped: a page suspended on this promise renders again,
      // and a fresh promise on every render would ask again forever. Asked again after a while.
      error: () => {
        retained.dispose();
        entry.at = Date.now() - COVERAGE_TTL_MS + COVERAGE_RETRY_MS;
        entry.known = NO_COVERAGE;
        resolve({ coverage: NO_COVERAGE, data: null });
      },
    });
  });
  // The expired answer stays readable until the new one is in.
  if (cached) void entry.loaded.then(() => cached.retained.dispose());
  coverageCache.set(environment, entry);
  return entry.loaded;
}

/**
 * A loader's as-of, known at once: the request's ?asOf= when usable, else the data's default day
 * when coverage is already known (null otherwise: the page then loads its default day itself once
 * useAsOf knows it, which only happens on the app's first page).
 */
export function asOfForRequest(environment: IEnvironment, request: Request): string | null {
  const param = new URL(request.url).searchParams.get(AS_OF_PARAM);
  return resolveAsOf(param, coverageCache.get(environment)?.known ?? NO_COVERAGE).asOf;
}

// The date last chosen on an as-of page, per app instance: links into another as-of page that
// do not carry ?asOf= (a ticker in the results, a top tab) land on the same day.
const keptAsOf = new WeakMap<IEnvironment, string | null>();

export function keepAsOf(environment: IEnvironment, asOf: string | null): void {
  keptAsOf.set(environment, asOf);
}

/**
 * The kept day, for a link into an as-of page that must not be redirected: carryAsOf's redirect
 * loses the link's #fragment (the router's request URL has none).
 */
export function keptAsOfDay(environment: IEnvironment): string | null {
  return keptAsOf.get(environment) ?? null;
}

/**
 * For an as-of route's loader: a redirect adding the kept ?asOf= when the URL has none, else null
 * (and the URL's value, or its absence, becomes the kept one).
 */
export function carryAsOf(environment: IEnvironment, request: Request): Response | null {
  const url = new URL(request.url);
  const param = url.searchParams.get(AS_OF_PARAM);
  const kept = keptAsOf.get(environment);
  if (param === null && kept) return redirect(`${url.pathname}?${withAsOfParam(url.searchParams, kept)}${url.hash}`);
  keepAsOf(environment, param);
  return null;
}

export interface AsOfState extends AsOfResolution {
  coverage: AsOfCoverage;
  /** The dataCoverage answer for the date control's fragment (null if it could not be read). */
  coverageRef: Coverage | null;
  /** Show the views as of `day` (null: back to the default). */
  setAsOf: (day: string | null) => void;
}

/**
 * The as-of every view uses, from ?asOf= and the data's coverage; suspends until coverage is known
 * (the same answer the loaders awaited, so pages do not wait again).
 */
export function useAsOf(): AsOfState {
  const environment = useRelayEnvironment();
  const { coverage, data } = use(loadAsOfCoverage(environment));
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const setAsOf = useCallback(
    (day: string | null) => {
      keepAsOf(environment, day);
      // A new history entry: Back returns to the previous day. Choices tied to the old day go.
      setSearchParams((current) => {
        const next = withAsOfParam(current, day);
        for (const param of routeForPath(pathname)?.dayBoundParams ?? []) next.delete(param);
        return next;
      });
    },
    [environment, pathname, setSearchParams],
  );
  return { ...resolveAsOf(searchParams.get(AS_OF_PARAM), coverage), coverage, coverageRef: data, setAsOf };
}

