import { useState } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import { ConnectionHandler } from "relay-runtime";
import styled from "styled-components";
import { NOTIFICATIONS_CONNECTION_KEY } from "../../components/AlertBell/AlertBell";
import { AlertFiringItem } from "../../components/AlertFiring/AlertFiringItem";
import { FieldError, FieldHint } from "../../components/FormControls/FormControls";
import { runErrorMessage } from "../../components/ScreenForm/useScreenRun";
import { Button } from "../../components/ui/Button";
import type { AlertNotifications_viewer$key } from "./__generated__/AlertNotifications_viewer.graphql";
import type { AlertNotificationsMarkReadMutation } from "./__generated__/AlertNotificationsMarkReadMutation.graphql";

/**
 * How many of the newest firings the list shows: each costs about 100 query points with its
 * deliveries (a query may cost 10,000), and Viewer.alertFirings pages no further than its first.
 */
export const NOTIFICATIONS_SHOWN = 30;

interface AlertNotificationsProps {
  viewer: AlertNotifications_viewer$key;
  onRefresh: () => void;
  isRefreshing: boolean;
}

/** The bell's list: the viewer's firings, newest first, with evidence and deliveries; "Mark all read". */
export function AlertNotifications({ viewer: viewerRef, onRefresh, isRefreshing }: AlertNotificationsProps) {
  const viewer = useFragment(
    graphql`
      fragment AlertNotifications_viewer on Viewer {
        id
        unreadAlertCount
        alertFirings(first: 30) @connection(key: "AlertNotifications_alertFirings") {
          __id
          edges {
            node {
              id
              ...AlertFiringItem_firing
            }
          }
        }
      }
    `,
    viewerRef,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [commit, isMarking] = useMutation<AlertNotificationsMarkReadMutation>(graphql`
    mutation AlertNotificationsMarkReadMutation {
      markAlertFiringsRead {
        marked
        unread
      }
    }
  `);
  const markAllRead = () =>
    commit({
      variables: {},
      updater: (store, response) => {
        const record = store.get(viewer.id);
        if (!record || !response) return;
        record.setValue(response.markAlertFiringsRead.unread, "unreadAlertCount");
        const connection = ConnectionHandler.getConnection(record, NOTIFICATIONS_CONNECTION_KEY);
        for (const edge of connection?.getLinkedRecords("edges") ?? []) edge?.getLinkedRecord("node")?.setValue(true, "read");
      },
      onCompleted: () => setProblem(null),
      onError: (error) => setProblem(runErrorMessage(error, "Could not mark the notifications read.")),
    });

  const firings = viewer.alertFirings.edges.map((edge) => edge.node);
  const unread = viewer.unreadAlertCount;
  return (
    <>
      <Bar>
        <p>
          {unread === 0 ? "Nothing unread." : `${unread} unread.`} Opening this page marks nothing read.
        </p>
        <div>
          <Button type="button" $variant="ghost" $size="sm" onClick={onRefresh} disabled={isRefreshing}>
            {isRefreshing ? "Refreshing…" : "Refresh"}
          </Button>
          <Button type="button" $variant="secondary" $size="sm" onClick={markAllRead} disabled={isMarking || unread === 0}>
            Mark all read
          </Button>
        </div>
      </Bar>
      {problem ? <FieldError role="alert">{problem}</FieldError> : null}
      {firings.length > 0 ? (
        <List aria-label="Notifications, newest first">
          {firings.map((firing) => (
            <li key={firing.id}>
              <AlertFiringItem firing={firing} />
            </li>
          ))}
        </List>
      ) : (
        <FieldHint>No firings yet. They appear here as your alerts fire, live or from a replay of the stored history.</FieldHint>
      )}
      {firings.length >= NOTIFICATIONS_SHOWN ? <FieldHint>The newest {NOTIFICATIONS_SHOWN} firings; each alert&apos;s own are under it.</FieldHint> : null}
    </>
  );
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  > div { display: flex; gap: ${({ theme }) => theme.space.xs}; }
`;

const List = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  > li { border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  > li:last-child { border-bottom: 0; }
`;
