import { useEffect } from "react";
import { checkScreenForm, type ScreenFormValues } from "./screenFormValues";
import { readScreenSession, writeScreenSession } from "./screenSession";
import type { ScreenInput } from "./useScreenRun";

interface FirstVisitRun {
  /** The screen's form values (run as they stand, when they are valid). */
  values: ScreenFormValues;
  run: { run: (input: ScreenInput) => void; pending: boolean; hasRun: boolean };
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
 */
export function useFirstVisitRun({ values, run, sessionKey, enabled, hasStoredRun }: FirstVisitRun): void {
  const autoRunKey = `${sessionKey}.firstVisitRun`;
  const shouldRun = enabled && !run.hasRun && !run.pending && !hasStoredRun;
  useEffect(() => {
    if (!shouldRun || readScreenSession<boolean>(autoRunKey)) return;
    const check = checkScreenForm(values);
    if (!check.input) return;
    writeScreenSession(autoRunKey, true);
    run.run(check.input);
    // Torn down before it finished (a remount drops the run in flight): the next mount runs it.
    return () => {
      if (readScreenSession(`${sessionKey}.run`) === null) writeScreenSession(autoRunKey, false);
    };
  }, [shouldRun, autoRunKey, sessionKey, values, run]);
}
