import { useEffect, useMemo, useRef } from "react";
import { fetchQuery, graphql, useFragment, useRelayEnvironment, useSubscription } from "react-relay";
import { Link, useLocation } from "react-router-dom";
import { ConnectionHandler, type GraphQLSubscriptionConfig, type RecordSourceSelectorProxy } from "relay-runtime";
import styled from "styled-components";
import { AS_OF_PARAM } from "../AsOfControl/asOf";
import { keptAsOfDay } from "../AsOfControl/useAsOf";
import { BellIcon } from "../Icons/Icons";
import type { AlertBell_viewer$key } from "./__generated__/AlertBell_viewer.graphql";
import type { AlertBellCountQuery } from "./__generated__/AlertBellCountQuery.graphql";
import type { AlertBellFiredSubscription } from "./__generated__/AlertBellFiredSubscription.graphql";

/** The notifications list's connection on the viewer (pages/Alerts): live firings are put at its top. */
export const NOTIFICATIONS_CONNECTION_KEY = "AlertNotifications_alertFirings";
const EDGE_TYPE = "ViewerAlertFiringsConnectionEdge";

/** After a batch of firings, the count is asked of the server once the batches stop coming (a replay sends one per day). */
const COUNT_REFRESH_DELAY_MS = 300;

const CountQuery = graphql`
  query AlertBellCountQuery {
    viewer {
      id
      ...AlertBell_viewer
    }
  }
`;

/**
 * The header's bell for a signed-in user: the unread firings' count (Viewer.unreadAlertCount),
 * linking to the notifications on /alerts. Live over the alertFired subscription while the user has
 * an alert (without one nothing can fire, and no stream is held open): each batch of new firings
 * joins the notifications list (when loaded) and the count is read again from the server.
 */
export function AlertBell({ viewer: viewerRef }: { viewer: AlertBell_viewer$key }) {
  const viewer = useFragment(
    graphql`
      fragment AlertBell_viewer on Viewer {
        id
        unreadAlertCount
        anyAlert: alerts(first: 1) {
          edges {
            node {
              id
            }
          }
        }
      }
    `,
    viewerRef,
  );
  const environment = useRelayEnvironment();
  // Read again on every navigation: the link carries the kept day, so no redirect drops its #notifications.
  useLocation();
  const kept = keptAsOfDay(environment);
  const count = viewer.unreadAlertCount;
  return (
    <>
      {viewer.anyAlert.edges.length > 0 ? <LiveFirings /> : null}
      <BellLink to={`/alerts${kept ? `?${AS_OF_PARAM}=${kept}` : ""}#notifications`} aria-label={`Notifications, ${count} unread`} title={`Notifications: ${count} unread`}>
        <BellIcon size={18} />
        {count > 0 ? <Count aria-hidden="true">{count > 99 ? "99+" : count}</Count> : null}
      </BellLink>
    </>
  );
}

/** The alertFired subscription: new firings into the notifications list, and the count asked for again once a burst ends. */
function LiveFirings() {
  const environment = useRelayEnvironment();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const config = useMemo<GraphQLSubscriptionConfig<AlertBellFiredSubscription>>(
    () => ({
      subscription: graphql`
        subscription AlertBellFiredSubscription {
          alertFired {
            id
            ...AlertFiringItem_firing
          }
        }
      `,
      variables: {},
      updater: (store) => prependFirings(store),
      onNext: () => {
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          timer.current = null;
          fetchQuery<AlertBellCountQuery>(environment, CountQuery, {}, { fetchPolicy: "network-only" }).subscribe({ error: () => {} });
        }, COUNT_REFRESH_DELAY_MS);
      },
      // The count stays as loaded; the next page load subscribes again.
      onError: () => {},
    }),
    [environment],
  );
  useSubscription(config);
  return null;
}

/** The batch's firings at the top of the loaded notifications list, each once. */
function prependFirings(store: RecordSourceSelectorProxy) {
  const fired = store.getPluralRootField("alertFired") ?? [];
  const viewer = store.getRoot().getLinkedRecord("viewer");
  const connection = viewer ? ConnectionHandler.getConnection(viewer, NOTIFICATIONS_CONNECTION_KEY) : null;
  if (!connection) return;
  const listed = new Set((connection.getLinkedRecords("edges") ?? []).map((edge) => edge?.getLinkedRecord("node")?.getDataID()));
  for (const firing of [...fired].reverse()) {
    if (!firing || listed.has(firing.getDataID())) continue;
    ConnectionHandler.insertEdgeBefore(connection, ConnectionHandler.createEdge(store, connection, firing, EDGE_TYPE));
  }
}

const BellLink = styled(Link)`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  flex: none;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  &:hover { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Count = styled.span`
  position: absolute;
  top: -6px;
  right: -8px;
  min-width: 20px;
  height: 20px;
  padding: 0 5px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 2px solid ${({ theme }) => theme.colors.surface};
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: 11px;
  font-weight: 700;
  line-height: 1;
  font-variant-numeric: tabular-nums;
`;
