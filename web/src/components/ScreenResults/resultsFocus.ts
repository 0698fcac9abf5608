import { createContext, useContext, useEffect, type RefObject } from "react";

/**
 * Moving focus to a run's results summary: the results pane counts the runs started from the form
 * (`token`), and the summary takes focus once for each new one, so a screen reader reads it out
 * ("419 matches as of …"). Runs made for the user (on arrival, at a new as-of day) leave focus be.
 */
export interface ResultsFocus {
  token: number;
  /** True once per token: the first summary to claim a new run's token takes focus. */
  claim: (token: number) => boolean;
}

export const ResultsFocusContext = createContext<ResultsFocus | null>(null);

/** Focuses `target` when a run started from the form has finished and its results show. */
export function useFocusAfterRun(target: RefObject<HTMLElement | null>): void {
  const focus = useContext(ResultsFocusContext);
  useEffect(() => {
    if (focus?.claim(focus.token)) target.current?.focus();
  }, [focus, target]);
}
