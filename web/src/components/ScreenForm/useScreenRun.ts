import { useCallback, useEffect, useRef, useState } from "react";
import { fetchQuery, graphql, useQueryLoader, useRelayEnvironment, type PreloadedQuery } from "react-relay";
import type { GraphQLTaggedNode, OperationType, Subscription } from "relay-runtime";
import { GENERIC_ERROR_MESSAGE, GraphQLRequestError } from "../../relay/environment";
import { useToast, type ToastInput } from "../Toaster/useToast";
import type { ScreenInput, useScreenRunBasicQuery } from "./__generated__/useScreenRunBasicQuery.graphql";
import type { useScreenRunCombinedQuery } from "./__generated__/useScreenRunCombinedQuery.graphql";

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

// Spec §8 toasts.
export const BASIC_SUCCESS_TOAST: ToastInput = {
  title: "Screening Complete",
  description: "Stock screening with sentiment analysis completed successfully.",
};
export const COMBINED_SUCCESS_TOAST: ToastInput = {
  title: "Combined Analysis Complete",
  description: "Technical analysis and news sentiment were combined into graded results.",
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

type ScreenRunOperation = OperationType & { variables: { input: ScreenInput } };

export interface ScreenRun<Query extends ScreenRunOperation> {
  run: (input: ScreenInput) => void;
  /** True from the click until the server answers: the run button reads 'Running...'. */
  pending: boolean;
  /** The latest successful run, read from the store (null before the first). */
  result: PreloadedQuery<Query> | null | undefined;
}

/**
 * Runs a screen query and keeps its result: the network fetch gives the pending state and the
 * toasts; the page then reads the answer with a store-only preloaded query, loaded in the same
 * tick so the store cannot collect it in between.
 */
function useScreenRun<Query extends ScreenRunOperation>(
  query: GraphQLTaggedNode,
  successToast: ToastInput,
  failureToast: (error: unknown) => ToastInput,
): ScreenRun<Query> {
  const environment = useRelayEnvironment();
  const { toast } = useToast();
  const [result, loadResult] = useQueryLoader<Query>(query);
  const [pending, setPending] = useState(false);
  const inFlight = useRef<Subscription | null>(null);
  useEffect(() => () => inFlight.current?.unsubscribe(), []);

  const run = useCallback(
    (input: ScreenInput) => {
      inFlight.current?.unsubscribe();
      setPending(true);
      const variables = { input } as Query["variables"];
      inFlight.current = fetchQuery<Query>(environment, query, variables, { fetchPolicy: "network-only" }).subscribe({
        complete: () => {
          inFlight.current = null;
          loadResult(variables, { fetchPolicy: "store-only" });
          setPending(false);
          toast(successToast);
        },
        error: (error: unknown) => {
          inFlight.current = null;
          setPending(false);
          toast(failureToast(error));
        },
      });
    },
    [environment, query, loadResult, toast, successToast, failureToast],
  );

  return { run, pending, result };
}

export type BasicScreenRun = ScreenRun<useScreenRunBasicQuery>;
export type CombinedScreenRun = ScreenRun<useScreenRunCombinedQuery>;

export function useBasicScreenRun(): BasicScreenRun {
  return useScreenRun<useScreenRunBasicQuery>(BasicScreenRunQuery, BASIC_SUCCESS_TOAST, basicFailureToast);
}

export function useCombinedScreenRun(): CombinedScreenRun {
  return useScreenRun<useScreenRunCombinedQuery>(CombinedScreenRunQuery, COMBINED_SUCCESS_TOAST, combinedFailureToast);
}
