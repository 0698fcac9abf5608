import { useEffect } from "react";
import { readScreenSession, writeScreenSession } from "./screenSession";
import type { RunOptions } from "./useScreenRun";

interface FirstVisitRun<Input> {
  /** The screen's request as the form stands (null: the form does not check, so nothing runs). */
  input: Input | null;
  run: { run: (input: Input, options?: RunOptions) => void; pending: boolean; hasRun: boolean };
  /** Where the tab's state is kept (screenSessionKey). */
  sessionKey: string;
  /** Whether this view runs on a first visit at all (e.g. at a chosen or default day, with access). */
  enabled: boolean;
  /** The viewer already has a stored run to show. */
  hasStoredRun: boolean;
}

/**
 * Runs the form's screen once per browser session when nothing was run, kept or stored: the
 * default day is picked for its news, so the first view shows news-driven rows, not an empty pane.
 * Focus stays where it is: the user did not ask for this run.
 */
export function useFirstVisitRun<Input>({ input, run, sessionKey, enabled, hasStoredRun }: FirstVisitRun<Input>): void {
  const autoRunKey = `${sessionKey}.firstVisitRun`;
  const shouldRun = enabled && !run.hasRun && !run.pending && !hasStoredRun;
  useEffect(() => {
    if (!shouldRun || input === null || readScreenSession<boolean>(autoRunKey)) return;
    writeScreenSession(autoRunKey, true);
    run.run(input, { moveFocus: false });
    // Torn down before it finished (a remount drops the run in flight): the next mount runs it.
    return () => {
      if (readScreenSession(`${sessionKey}.run`) === null) writeScreenSession(autoRunKey, false);
    };
  }, [shouldRun, autoRunKey, sessionKey, input, run]);
}
