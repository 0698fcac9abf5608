import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import { createOperationDescriptor, getRequest, type Disposable } from "relay-runtime";
import styled from "styled-components";
import { AlertHistoryPanel } from "../../components/AlertHistory/AlertHistoryPanel";
import { FieldHint } from "../../components/FormControls/FormControls";
import { InlineSpinner } from "../../components/InlineSpinner/InlineSpinner";
import { Notice } from "../../components/Notice/Notice";
import { runErrorMessage } from "../../components/ScreenForm/useScreenRun";
import type { CreateAlertInput } from "./__generated__/AlertFormCreateMutation.graphql";
import type { AlertHistoryPreviewQuery } from "./__generated__/AlertHistoryPreviewQuery.graphql";

/** The preview waits until typing pauses this long. */
const PREVIEW_DELAY_MS = 600;

/** The key, once it has stayed the same for `delay` ms. */
function useSettled(key: string, delay: number): string {
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    if (key === settled) return;
    const timer = setTimeout(() => setSettled(key), delay);
    return () => clearTimeout(timer);
  }, [key, delay, settled]);
  return settled;
}

const PreviewQuery = graphql`
  query AlertHistoryPreviewQuery($input: CreateAlertInput!) {
    alertHistoryPreview(input: $input) {
      ...AlertHistoryPanel_history
    }
  }
`;

interface Preview {
  data: AlertHistoryPreviewQuery["response"] | null;
  error: unknown;
  /** An answer for the key asked for is not in yet. */
  loading: boolean;
}

/**
 * alertHistoryPreview for the settled input (as JSON): the last answer stays (retained) until the next
 * one is in, and a refusal (an unknown ticker, say) is an answer to show, not a crash for an error boundary.
 */
function useHistoryPreview(key: string): Preview {
  const environment = useRelayEnvironment();
  const [answer, setAnswer] = useState<{ key: string | null; data: Preview["data"]; error: unknown }>({ key: null, data: null, error: null });
  const held = useRef<Disposable | null>(null);
  useEffect(() => {
    const input = JSON.parse(key) as CreateAlertInput | null;
    if (!input) return;
    const variables = { input };
    const retained = environment.retain(createOperationDescriptor(getRequest(PreviewQuery), variables));
    let answered = false;
    const subscription = fetchQuery<AlertHistoryPreviewQuery>(environment, PreviewQuery, variables, { fetchPolicy: "store-or-network" }).subscribe({
      next: (data) => {
        answered = true;
        if (held.current !== retained) held.current?.dispose();
        held.current = retained;
        setAnswer({ key, data, error: null });
      },
      error: (error: unknown) => {
        answered = true;
        retained.dispose();
        setAnswer((current) => ({ ...current, key, error }));
      },
    });
    return () => {
      subscription.unsubscribe();
      if (!answered) retained.dispose();
    };
  }, [environment, key]);
  useEffect(() => () => held.current?.dispose(), []);
  return { data: answer.data, error: answer.key === key ? answer.error : null, loading: key !== "null" && answer.key !== key };
}

/**
 * "History": alertHistoryPreview of the form as it stands, once it is complete and typing has paused.
 * `label` names the panel ("History of the new alert"); `headingLevel` fits the title under the form's own heading.
 */
export function AlertHistoryPreview({ input, label, headingLevel = 3 }: { input: CreateAlertInput | null; label: string; headingLevel?: 3 | 4 }) {
  const key = useMemo(() => JSON.stringify(input), [input]);
  const settledKey = useSettled(key, PREVIEW_DELAY_MS);
  const { data, error, loading } = useHistoryPreview(settledKey);
  const titleId = useId();
  let body: ReactNode;
  if (!input) {
    body = <FieldHint>Choose what to watch and fill in the condition&apos;s settings: this shows when the alert would have fired over the stored history, and what followed.</FieldHint>;
  } else if (error) {
    body = (
      <Notice tone="warning" title="History not computed">
        <p>{runErrorMessage(error, "Could not compute the history. Please try again.")}</p>
      </Notice>
    );
  } else if (data) {
    body = (
      <Stale $stale={loading || settledKey !== key}>
        {loading ? <InlineSpinner label="Updating the history…" /> : null}
        <AlertHistoryPanel history={data.alertHistoryPreview} label={label} />
      </Stale>
    );
  } else {
    body = <InlineSpinner label="Evaluating the alert over the stored history…" />;
  }
  return (
    <section aria-labelledby={titleId}>
      <PreviewTitle id={titleId} as={`h${headingLevel}`}>
        History
      </PreviewTitle>
      {body}
    </section>
  );
}

const PreviewTitle = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const Stale = styled.div<{ $stale: boolean }>`
  > section { opacity: ${({ $stale }) => ($stale ? 0.6 : 1)}; transition: opacity 150ms ease; }
`;
