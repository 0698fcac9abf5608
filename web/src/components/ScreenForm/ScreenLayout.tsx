import { Suspense, useEffect, useMemo, useRef, type ComponentProps, type ReactNode } from "react";
import styled from "styled-components";
import { ErrorBoundary } from "../ErrorBoundary/ErrorBoundary";
import { InlineSpinner } from "../InlineSpinner/InlineSpinner";
import { Notice } from "../Notice/Notice";
import { SavedScreens } from "../SavedScreens/SavedScreens";
import { ScreenPresets } from "../ScreenPresets/ScreenPresets";
import { applyPreset } from "../ScreenPresets/presets";
import { ResultsFocusContext } from "../ScreenResults/resultsFocus";
import { Card } from "../ui/Layout";
import { ScreenForm, type ScreenFormProps } from "./ScreenForm";

/** Spec §2 layout: the parameters on the left, the results on the right; stacked on narrow screens. */
export const ScreenWorkspace = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: 340px minmax(0, 1fr);
    align-items: start;
  }
`;

/** The left column: presets, the form and saved screens, one card. */
export const ScreenSidebar = styled(Card).attrs({ as: "div" })`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
`;

type ScreenControlsProps = Omit<ScreenFormProps, "onChange"> &
  Pick<ComponentProps<typeof SavedScreens>, "viewer" | "kind"> & { onValuesChange: ScreenFormProps["onChange"] };

/** The left column of a screen the viewer can run: presets, the form and their saved screens of this kind. */
export function ScreenControls({ viewer, kind, values, onValuesChange, ...form }: ScreenControlsProps) {
  return (
    <ScreenSidebar>
      <ScreenPresets onApply={(preset) => onValuesChange((current) => applyPreset(current, preset))} />
      <ScreenForm {...form} values={values} onChange={onValuesChange} />
      <SavedScreens viewer={viewer} kind={kind} values={values} onApply={onValuesChange} />
    </ScreenSidebar>
  );
}

const Pane = styled.div<{ $pending?: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  scroll-margin-top: 80px;
  transition: opacity 150ms ease;
  opacity: ${({ $pending }) => ($pending ? 0.6 : 1)};
`;

/**
 * The right column; dimmed while a new run is pending over older results. The run button sits at
 * the bottom of a long form, so when a run starts or ends with the results out of sight they scroll
 * into view (on a phone the page only grows tall enough to scroll there once the rows arrive).
 * After a run from the form (`run.focusToken` grew) the results summary takes focus (resultsFocus.ts).
 */
export function ResultsPane({ run, children }: { run: { pending: boolean; focusToken: number }; children: ReactNode }) {
  const { pending, focusToken } = run;
  const pane = useRef<HTMLDivElement>(null);
  const wasPending = useRef(pending);
  // Runs finished before this pane mounted (e.g. on another tab) do not move focus when it shows.
  const focusHandled = useRef(focusToken);
  const focus = useMemo(
    () => ({
      token: focusToken,
      claim: (token: number) => {
        if (token <= focusHandled.current) return false;
        focusHandled.current = token;
        return true;
      },
    }),
    [focusToken],
  );
  useEffect(() => {
    const element = pane.current;
    if (wasPending.current === pending || !element) return;
    wasPending.current = pending;
    const { top } = element.getBoundingClientRect();
    if (top < 0 || top > window.innerHeight * 0.6) element.scrollIntoView?.({ block: "start", behavior: "smooth" });
  }, [pending]);
  return (
    <Pane ref={pane} $pending={pending} aria-busy={pending}>
      <ResultsFocusContext.Provider value={focus}>{children}</ResultsFocusContext.Provider>
    </Pane>
  );
}

/** Before the first run: what to do. */
export function NoResultsYet({ children }: { children: ReactNode }) {
  return <Notice title="No results yet">{children}</Notice>;
}

/** A run's results: a spinner while the store read settles, a plain message if rendering fails. */
export function RunResultsBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={<Notice tone="danger" title="The results could not be shown">Run the screen again.</Notice>}>
      <Suspense fallback={<InlineSpinner label="Loading results…" />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
