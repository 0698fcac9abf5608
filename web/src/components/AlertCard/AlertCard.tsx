import { Suspense, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { graphql, useFragment, useLazyLoadQuery, useMutation } from "react-relay";
import { Link } from "react-router-dom";
import styled from "styled-components";
import { conditionText } from "../AlertCondition/alertConditions";
import { Tone } from "../AlertFiring/AlertFiringItem";
import { AlertHistoryPanel, HistoryErrorBoundary } from "../AlertHistory/AlertHistoryPanel";
import { CopyButton } from "../CopyButton/CopyButton";
import { InlineSpinner } from "../InlineSpinner/InlineSpinner";
import { runErrorMessage } from "../ScreenForm/useScreenRun";
import { useToast } from "../Toaster/useToast";
import { Button } from "../ui/Button";
import { Card } from "../ui/Layout";
import type { AlertCard_alert$key } from "./__generated__/AlertCard_alert.graphql";
import type { AlertCardDeleteMutation } from "./__generated__/AlertCardDeleteMutation.graphql";
import type { AlertCardHistoryQuery } from "./__generated__/AlertCardHistoryQuery.graphql";
import type { AlertCardPauseMutation } from "./__generated__/AlertCardPauseMutation.graphql";

interface AlertCardProps {
  alert: AlertCard_alert$key;
  /** The alerts connection, for the deleted alert's edge. */
  connectionId: string;
  /** After a delete: its firings went with it, so the page asks for its lists again. */
  onDeleted: () => void;
  /** The alert's editor (the page's alert form), shown in the card's place after "Edit"; it calls `close` when done. */
  renderEditor?: (close: () => void) => ReactNode;
}

/**
 * One saved alert: its condition in words, target, channels, edit, pause/resume, delete, webhook
 * secret, recent firings and history. While it is edited the editor takes the card's place under its
 * name; focus goes to the editor's first field, and back to "Edit" when it closes.
 */
export function AlertCard({ alert: alertRef, connectionId, onDeleted, renderEditor }: AlertCardProps) {
  const alert = useFragment(
    graphql`
      fragment AlertCard_alert on Alert {
        id
        name
        condition
        paused
        channels
        emailMode
        webhookUrl
        webhookSecret
        ticker
        params {
          direction
          level
          percent
          fast
          slow
          minArticles
          action
          days
          change
          fundCik
        }
        watchlist {
          id
          name
          tickers
        }
        savedScreen {
          id
          name
        }
        firings(first: 3) {
          edges {
            node {
              id
              day
              ticker
              summary
              origin
            }
          }
        }
      }
    `,
    alertRef,
  );
  const id = useId();
  const { toast } = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const [showSecret, setShowSecret] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const [editing, setEditing] = useState(false);
  const editorBox = useRef<HTMLDivElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // Focus follows the editor: into its first field when it opens, back to "Edit" when it closes (not on the first render).
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing) editorBox.current?.querySelector<HTMLElement>("input, select, textarea")?.focus();
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const closeEditor = () => setEditing(false);
  const [commitPause, isPausing] = useMutation<AlertCardPauseMutation>(graphql`
    mutation AlertCardPauseMutation($id: ID!, $paused: Boolean!) {
      setAlertPaused(id: $id, paused: $paused) {
        alert {
          id
          paused
        }
      }
    }
  `);
  const [commitDelete, isDeleting] = useMutation<AlertCardDeleteMutation>(graphql`
    mutation AlertCardDeleteMutation($id: ID!, $connections: [ID!]!) {
      deleteAlert(id: $id) {
        deletedId @deleteEdge(connections: $connections)
      }
    }
  `);

  const setPaused = (paused: boolean) =>
    commitPause({
      variables: { id: alert.id, paused },
      optimisticResponse: { setAlertPaused: { alert: { id: alert.id, paused } } },
      onCompleted: () => setProblem(null),
      onError: (error) => setProblem(runErrorMessage(error, paused ? "Could not pause the alert." : "Could not resume the alert.")),
    });
  const onDelete = () => {
    if (!window.confirm(`Delete the alert “${alert.name}” with its firings?`)) return;
    commitDelete({
      variables: { id: alert.id, connections: [connectionId] },
      onCompleted: () => {
        toast({ title: "Alert Deleted", description: `“${alert.name}” and its firings are gone.` });
        onDeleted();
      },
      onError: (error) => setProblem(runErrorMessage(error, "Could not delete the alert.")),
    });
  };

  const condition = conditionText(alert.condition, alert.params, alert.savedScreen?.name);
  const firings = alert.firings.edges.map((edge) => edge.node);
  return (
    <Item aria-labelledby={`${id}-name`}>
      <Head>
        <div>
          <Name id={`${id}-name`}>{alert.name}</Name>
          <Condition>{condition}</Condition>
        </div>
        {alert.paused ? <Tone $tone="muted">Paused</Tone> : <Tone $tone="success">Active</Tone>}
      </Head>
      {editing && renderEditor ? (
        <div ref={editorBox}>{renderEditor(closeEditor)}</div>
      ) : (
        <>
          <Facts>
            <Fact label="Watches">
              <Target ticker={alert.ticker} watchlist={alert.watchlist} screen={alert.savedScreen} />
            </Fact>
            <Fact label="Channels">{channelsText(alert.channels, alert.emailMode)}</Fact>
            {alert.webhookUrl ? (
              <Fact label="Webhook">
                <Code>{alert.webhookUrl}</Code>
              </Fact>
            ) : null}
            {alert.webhookSecret ? (
              <Fact label="Signing secret">
                <SecretRow>
                  {showSecret ? <Code id={`${id}-secret`}>{alert.webhookSecret}</Code> : <span aria-hidden="true">••••••••••••</span>}
                  <Button type="button" $variant="ghost" $size="sm" aria-expanded={showSecret} aria-controls={showSecret ? `${id}-secret` : undefined} onClick={() => setShowSecret((shown) => !shown)}>
                    {showSecret ? "Hide" : "Reveal"}
                  </Button>
                  <CopyButton text={alert.webhookSecret} label={`Copy the signing secret of ${alert.name}`} $variant="ghost" />
                </SecretRow>
              </Fact>
            ) : null}
          </Facts>
          {firings.length > 0 ? (
            <Recent aria-label={`${alert.name}: recent firings`}>
              {firings.map((firing) => (
                <li key={firing.id}>
                  <span>{firing.day}</span> {firing.summary}
                  {firing.origin === "replay" ? <small> (replay)</small> : null}
                </li>
              ))}
            </Recent>
          ) : (
            <Quiet>Not fired yet.</Quiet>
          )}
          <Bar>
            <Button type="button" $variant="secondary" $size="sm" aria-expanded={showHistory} aria-controls={`${id}-history`} onClick={() => setShowHistory((shown) => !shown)}>
              {showHistory ? "Hide history" : "History"}
            </Button>
            {renderEditor ? (
              <Button ref={editButton} type="button" $variant="ghost" $size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${alert.name}`}>
                Edit
              </Button>
            ) : null}
            <Button type="button" $variant="ghost" $size="sm" disabled={isPausing} onClick={() => setPaused(!alert.paused)} aria-label={`${alert.paused ? "Resume" : "Pause"} ${alert.name}`}>
              {alert.paused ? "Resume" : "Pause"}
            </Button>
            <Button type="button" $variant="ghost" $size="sm" disabled={isDeleting} onClick={onDelete} aria-label={`Delete ${alert.name}`}>
              Delete
            </Button>
          </Bar>
          {problem ? <Problem role="alert">{problem}</Problem> : null}
          {showHistory ? (
            <div id={`${id}-history`}>
              <HistoryErrorBoundary>
                <Suspense fallback={<InlineSpinner label="Evaluating the alert over the stored history…" />}>
                  <SavedAlertHistory alertId={alert.id} name={alert.name} />
                </Suspense>
              </HistoryErrorBoundary>
            </div>
          ) : null}
        </>
      )}
    </Item>
  );
}

/** Alert.history, asked for when the disclosure opens. */
function SavedAlertHistory({ alertId, name }: { alertId: string; name: string }) {
  const data = useLazyLoadQuery<AlertCardHistoryQuery>(
    graphql`
      query AlertCardHistoryQuery($id: ID!) {
        node(id: $id) {
          ... on Alert {
            history {
              ...AlertHistoryPanel_history
            }
          }
        }
      }
    `,
    { id: alertId },
    { fetchPolicy: "store-or-network" },
  );
  return data.node?.history ? <AlertHistoryPanel history={data.node.history} label={`${name}: history`} /> : null;
}

function Target({ ticker, watchlist, screen }: { ticker: string | null | undefined; watchlist: { name: string; tickers: readonly string[] } | null | undefined; screen: { name: string } | null | undefined }) {
  if (ticker) return <Link to={`/stocks/${encodeURIComponent(ticker)}`}>{ticker}</Link>;
  if (watchlist)
    return (
      <>
        watchlist <Link to="/watchlists">{watchlist.name}</Link> ({watchlist.tickers.length} ticker{watchlist.tickers.length === 1 ? "" : "s"})
      </>
    );
  if (screen) return <>saved screen “{screen.name}”</>;
  return <>nothing (its watchlist or screen was deleted)</>;
}

function channelsText(channels: readonly string[], emailMode: string): string {
  const parts = ["In the app"];
  if (channels.includes("EMAIL")) parts.push(emailMode === "DIGEST" ? "email (daily digest)" : "email (immediately)");
  if (channels.includes("WEBHOOK")) parts.push("webhook");
  return parts.join(", ");
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const Item = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  box-shadow: none;
`;

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  > div { min-width: 0; }
`;

const Name = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  overflow-wrap: anywhere;
`;

const Condition = styled.p`
  margin: 2px 0 0;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 550;
`;

const Facts = styled.dl`
  margin: 0;
  display: grid;
  gap: 4px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  > div { display: grid; grid-template-columns: 8.5rem minmax(0, 1fr); gap: ${({ theme }) => theme.space.sm}; align-items: baseline; }
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
  a { font-weight: 600; }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    > div { grid-template-columns: minmax(0, 1fr); gap: 0; }
  }
`;

const Code = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  overflow-wrap: anywhere;
`;

const SecretRow = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
`;

const Recent = styled.ul`
  margin: 0;
  padding: 0 0 0 ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  display: grid;
  gap: 2px;
  span { color: ${({ theme }) => theme.colors.textMuted}; font-variant-numeric: tabular-nums; }
  small { color: ${({ theme }) => theme.colors.textMuted}; font-size: inherit; }
`;

const Quiet = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
