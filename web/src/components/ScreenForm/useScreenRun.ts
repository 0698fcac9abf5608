import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { graphql, loadQuery, useQueryLoader, useRelayEnvironment, type PreloadedQuery } from "react-relay";
import {
  createOperationDescriptor,
  getRequest,
  type GraphQLResponse,
  type GraphQLTaggedNode,
  type OperationType,
  type PayloadData,
  type RequestParameters,
  type Subscription,
} from "relay-runtime";
import { GENERIC_ERROR_MESSAGE, GraphQLRequestError } from "../../relay/environment";
import { inputAsOf } from "../AsOfControl/asOf";
import { useToast, type ToastInput } from "../Toaster/useToast";
import { readScreenSession, writeScreenSession } from "./screenSession";
import type { ScreenInput, useScreenRunBasicQuery } from "./__generated__/useScreenRunBasicQuery.graphql";
import type { useScreenRunCombinedQuery } from "./__generated__/useScreenRunCombinedQuery.graphql";
import type { ProScreenInput, useScreenRunProQuery } from "./__generated__/useScreenRunProQuery.graphql";

export type { ScreenInput };

// The server charges a flat cost for a run's rows, so the results fragments ask for all of them.
export const BasicScreenRunQuery = graphql`
  query useScreenRunBasicQuery($input: ScreenInput!) {
    screen(input: $input) {
      ...BasicScreenResults_result
    }
  }
`;

export const CombinedScreenRunQuery = graphql`
  query useScreenRunCombinedQuery($input: ScreenInput!) {
    combinedScreen(input: $input) {
      ...CombinedScreenResults_result
    }
  }
`;

export const ProScreenRunQuery = graphql`
  query useScreenRunProQuery($input: ProScreenInput!) {
    proScreen(input: $input) {
      ...ProScreenResults_result
    }
  }
`;

// Spec §8 toasts.
export const BASIC_SUCCESS_TOAST: ToastInput = {
  title: "Screening Complete",
  description: "Stock screening with sentiment analysis completed successfully.",
};
export const COMBINED_SUCCESS_TOAST: ToastInput = {
  title: "Combined Analysis Complete",
  description: "Technical analysis and news sentiment were combined into graded results.",
};
export const PRO_SUCCESS_TOAST: ToastInput = {
  title: "Pro Screen Complete",
  description: "The advanced filters were applied; the caveats say what the data could not answer.",
};
export const PRO_SCREEN_REQUIRED_TOAST: ToastInput = {
  title: "Pro Feature Required",
  description: "Upgrade to Pro to use the Pro Screener's advanced filters.",
  variant: "destructive",
};
export const PRO_REQUIRED_TOAST: ToastInput = {
  title: "Pro Feature Required",
  description: "Upgrade to Pro to access combined technical + sentiment analysis.",
  variant: "destructive",
};

/**
 * What a failed run's toast says: the server's field messages (e.g. "lookbackDays must be between
 * 45 and 365"), else its short message (rate limit, network), else the spec's fallback. Never a stack.
 */
export function runErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof GraphQLRequestError)) return fallback;
  const fieldMessages = [...new Set(error.fieldErrors.map((fieldError) => fieldError.message))];
  if (fieldMessages.length > 0) return fieldMessages.join(" ");
  return error.message === GENERIC_ERROR_MESSAGE ? fallback : error.message;
}

const basicFailureToast = (error: unknown): ToastInput => ({
  title: "Screening Failed",
  description: runErrorMessage(error, "Failed to run screening"),
  variant: "destructive",
});

const combinedFailureToast = (error: unknown): ToastInput =>
  // The plan can lapse after the page loaded: the server's answer wins.
  error instanceof GraphQLRequestError && error.code === "PRO_REQUIRED"
    ? PRO_REQUIRED_TOAST
    : { title: "Analysis Failed", description: runErrorMessage(error, "Failed to run combined analysis"), variant: "destructive" };

const proFailureToast = (error: unknown): ToastInput =>
  error instanceof GraphQLRequestError && error.code === "PRO_REQUIRED"
    ? PRO_SCREEN_REQUIRED_TOAST
    : { title: "Pro Screen Failed", description: runErrorMessage(error, "Failed to run the Pro screen"), variant: "destructive" };

type ScreenRunOperation = OperationType & { variables: { input: ScreenInput } };

/** Identifies the query's text (its persisted id, else the compiler's hash of the text). */
const queryVersion = (params: RequestParameters): string => ("cacheID" in params ? params.cacheID : params.id);

/** A run as kept in the screen session: the request and the server's raw answer, for the store. */
interface KeptRun {
  /** An answer kept by an older build of the page (another query text) is not reused. */
  queryVersion: string;
  input: ScreenInput;
  data: PayloadData;
}

/** `moveFocus` (default true, a run from the form): once it is done, focus moves to the results summary. */
export type RunOptions = { moveFocus?: boolean };

export interface ScreenRun<Query extends ScreenRunOperation> {
  /** Runs `input` as of the view's day (its own asOf is replaced). */
  run: (input: ScreenInput, options?: RunOptions) => void;
  /** True from the click until the server answers: the run button reads 'Running...'. */
  pending: boolean;
  /** The latest successful run, read from the store (null before the first), or the one kept from before. */
  result: PreloadedQuery<Query> | null | undefined;
  /** Whether a run was made or kept (the first-visit run is made only when none was). */
  hasRun: boolean;
  /** How many runs that move focus have finished (ResultsPane moves focus when it grows). */
  focusToken: number;
}

/**
 * Runs a screen query and keeps its result: the network request gives the pending state and the
 * toasts; the page then reads the answer with a store-only preloaded query, loaded in the same
 * tick so the store cannot collect it in between. The answer is also kept in the screen session
 * under `sessionKey`, and put back in the store when the page mounts again (Back from a stock).
 * Runs are as of `asOf` (null: the latest data); when it changes, the last run is made again at the
 * new day, so a kept run is never shown as if it were the current day's.
 */
function useScreenRun<Query extends ScreenRunOperation>(
  query: GraphQLTaggedNode,
  sessionKey: string,
  asOf: string | null,
  successToast: ToastInput,
  failureToast: (error: unknown) => ToastInput,
): ScreenRun<Query> {
  const environment = useRelayEnvironment();
  const { toast } = useToast();
  const [result, loadResult] = useQueryLoader<Query>(query);
  const [pending, setPending] = useState(false);
  const [focusToken, setFocusToken] = useState(0);
  const inFlight = useRef<Subscription | null>(null);
  // Unmounting drops the run in flight; a remount of the same state (React's Strict Mode) must not
  // keep waiting for it.
  useEffect(
    () => () => {
      inFlight.current?.unsubscribe();
      inFlight.current = null;
      setPending(false);
    },
    [],
  );
  const runKey = `${sessionKey}.run`;

  // The kept run, put back in the store before the first paint (so a restored screen never flashes
  // "No results yet"); held until this unmounts or a new run replaces it.
  const [restored, setRestored] = useState<PreloadedQuery<Query> | null>(null);
  // The input of the run shown (or being made): compared with the view's day.
  const [lastInput, setLastInput] = useState<ScreenInput | null>(null);
  const [keptAtMount] = useState(() => readScreenSession(runKey) !== null);
  useLayoutEffect(() => {
    const kept = readScreenSession<KeptRun>(runKey);
    const request = getRequest(query);
    if (!kept || kept.queryVersion !== queryVersion(request.params)) return;
    const variables = { input: kept.input } as Query["variables"];
    environment.commitPayload(createOperationDescriptor(request, variables), kept.data);
    const reference = loadQuery<Query>(environment, query, variables, { fetchPolicy: "store-only" });
    // The reference retains the answer in the store, so it is made here, where it can be disposed with the page.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRestored(reference);
    setLastInput(kept.input);
    return () => {
      reference.dispose();
      // A disposed reference is never rendered again (the session key may change, e.g. at sign-in).
      setRestored((current) => (current === reference ? null : current));
    };
  }, [environment, query, runKey]);

  const run = useCallback(
    (formInput: ScreenInput, { moveFocus = true }: RunOptions = {}) => {
      const input = inputAsOf(formInput, asOf);
      inFlight.current?.unsubscribe();
      setPending(true);
      setLastInput(input);
      const variables = { input } as Query["variables"];
      const request = getRequest(query);
      let answer: PayloadData | null = null;
      inFlight.current = environment.execute({ operation: createOperationDescriptor(request, variables) }).subscribe({
        next: (response: GraphQLResponse) => {
          if ("data" in response && response.data) answer = response.data;
        },
        complete: () => {
          inFlight.current = null;
          loadResult(variables, { fetchPolicy: "store-only" });
          setPending(false);
          if (moveFocus) setFocusToken((token) => token + 1);
          if (answer) writeScreenSession(runKey, { queryVersion: queryVersion(request.params), input, data: answer } satisfies KeptRun);
          toast(successToast);
        },
        error: (error: unknown) => {
          inFlight.current = null;
          setPending(false);
          toast(failureToast(error));
        },
      });
    },
    [environment, query, runKey, asOf, loadResult, toast, successToast, failureToast],
  );

  // The day changed (or a kept run was made at another): run the same screen at the view's day.
  useEffect(() => {
    // Starting the run is this effect's job: it brings the server's answer in line with the URL's day.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (lastInput && (lastInput.asOf ?? null) !== asOf) run(lastInput, { moveFocus: false });
  }, [asOf, lastInput, run]);

  return { run, pending, result: result ?? restored, hasRun: keptAtMount || lastInput !== null, focusToken };
}

export type BasicScreenRun = ScreenRun<useScreenRunBasicQuery>;
export type CombinedScreenRun = ScreenRun<useScreenRunCombinedQuery>;

/** `sessionKey`: where the last run is kept (screenSessionKey); `asOf`: the view's day (null: latest). */
export function useBasicScreenRun(sessionKey: string, asOf: string | null): BasicScreenRun {
  return useScreenRun<useScreenRunBasicQuery>(BasicScreenRunQuery, sessionKey, asOf, BASIC_SUCCESS_TOAST, basicFailureToast);
}

export function useCombinedScreenRun(sessionKey: string, asOf: string | null): CombinedScreenRun {
  return useScreenRun<useScreenRunCombinedQuery>(CombinedScreenRunQuery, sessionKey, asOf, COMBINED_SUCCESS_TOAST, combinedFailureToast);
}

export type { ProScreenInput };
/** A Pro run: its input carries the advanced filters beside the Basic request. */
export type ProScreenRun = Omit<ScreenRun<useScreenRunProQuery>, "run"> & { run: (input: ProScreenInput, options?: RunOptions) => void };

export function useProScreenRun(sessionKey: string, asOf: string | null): ProScreenRun {
  return useScreenRun<useScreenRunProQuery>(ProScreenRunQuery, sessionKey, asOf, PRO_SUCCESS_TOAST, proFailureToast) as ProScreenRun;
}
