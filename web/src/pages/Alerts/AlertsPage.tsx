import { useCallback, useEffect, useState, type ReactNode } from "react";
import { fetchQuery, graphql, usePaginationFragment, usePreloadedQuery, useRelayEnvironment } from "react-relay";
import { Link, useLocation } from "react-router-dom";
import styled from "styled-components";
import { AlertCard } from "../../components/AlertCard/AlertCard";
import { FieldHint } from "../../components/FormControls/FormControls";
import { Button } from "../../components/ui/Button";
import { Card, Container, Lead, PageHeading, PageSection } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { useRouteQuery } from "../../routing/routeQueries";
import { AlertForm } from "./AlertForm";
import { AlertNotifications } from "./AlertNotifications";
import { ReplayPanel } from "./ReplayPanel";
import type { AlertsPage_alerts$key } from "./__generated__/AlertsPage_alerts.graphql";
import type { AlertsPageAlertsPaginationQuery } from "./__generated__/AlertsPageAlertsPaginationQuery.graphql";
import type { AlertsPageQuery as AlertsPageQueryType } from "./__generated__/AlertsPageQuery.graphql";

export const AlertsPageQuery = graphql`
  query AlertsPageQuery {
    viewer {
      id
      alertLimits {
        alerts
        webhooks
      }
      ...AlertsPage_alerts
      ...AlertForm_viewer
      # What the header's bell reads, fresh after each change here (the bell listens only while alerts exist).
      ...AlertBell_viewer
      ...AlertNotifications_viewer
    }
    authOptions {
      mailDelivery
    }
    dataCoverage {
      ...ReplayPanel_coverage
    }
  }
`;

/** Alerts shown at first and per "Show more" (a query's cost counts every one asked for). */
const ALERTS_PAGE = 50;

/**
 * /alerts: the signed-in user's alerts (the route's gate asks visitors to sign in), each edited in its
 * card with the form that makes a new one, that form with its history, the notifications the header's
 * bell counts, and a replay of the stored history that fires and delivers what the alerts would have caught.
 */
export default function AlertsPage() {
  useDocumentTitle("Alerts");
  const data = usePreloadedQuery<AlertsPageQueryType>(AlertsPageQuery, useRouteQuery<AlertsPageQueryType>());
  const environment = useRelayEnvironment();
  const [isRefreshing, setRefreshing] = useState(false);
  // Firings come from replays, deliveries move on, a deleted alert takes its firings: the server's lists again.
  const refresh = useCallback(() => {
    setRefreshing(true);
    fetchQuery<AlertsPageQueryType>(environment, AlertsPageQuery, {}, { fetchPolicy: "network-only" }).subscribe({
      complete: () => setRefreshing(false),
      error: () => setRefreshing(false),
    });
  }, [environment]);
  useScrollToHash();
  const { viewer } = data;
  if (!viewer) return null;
  return <SignedInAlertsPage viewer={viewer} data={data} refresh={refresh} isRefreshing={isRefreshing} />;
}

type PageData = AlertsPageQueryType["response"];

function SignedInAlertsPage({ viewer, data, refresh, isRefreshing }: { viewer: NonNullable<PageData["viewer"]>; data: PageData; refresh: () => void; isRefreshing: boolean }) {
  const { data: list, hasNext, loadNext, isLoadingNext } = usePaginationFragment<AlertsPageAlertsPaginationQuery, AlertsPage_alerts$key>(
    graphql`
      fragment AlertsPage_alerts on Viewer
      @refetchable(queryName: "AlertsPageAlertsPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
        alerts(first: $count, after: $cursor) @connection(key: "AlertsPage_alerts") {
          __id
          edges {
            node {
              id
              ...AlertCard_alert
              ...AlertForm_alert
            }
          }
        }
      }
    `,
    viewer,
  );
  const alerts = list.alerts.edges.map((edge) => edge.node);
  const connectionId = list.alerts.__id;
  const { alerts: maxAlerts, webhooks } = viewer.alertLimits;

  return (
    <Container>
      <PageSection>
        <div>
          <PageHeading>Alerts</PageHeading>
          <Lead>
            Be told when a stock, a watchlist&apos;s stocks or a saved screen does what you name. Every firing shows under the bell with its evidence, and goes by email
            {webhooks ? " or webhook" : ""} if you like. Your plan keeps {maxAlerts} alerts
            {webhooks ? "." : <> (<Link to="/pricing">Pro</Link>: 200, with webhooks and 13F alerts).</>}
          </Lead>
        </div>
        <Columns>
          <Section id="your-alerts" title="Your alerts" aside={`${alerts.length}${hasNext ? "+" : ""} of ${maxAlerts}`}>
            {alerts.length > 0 ? (
              <AlertList>
                {alerts.map((alert) => (
                  <li key={alert.id}>
                    <AlertCard alert={alert} connectionId={connectionId} onDeleted={refresh} renderEditor={(close) => <AlertForm viewer={viewer} alert={alert} onClose={close} />} />
                  </li>
                ))}
              </AlertList>
            ) : (
              <FieldHint>No alerts yet: make one with the form.</FieldHint>
            )}
            {hasNext ? (
              <div>
                <Button type="button" $variant="secondary" $size="sm" disabled={isLoadingNext} onClick={() => loadNext(ALERTS_PAGE)}>
                  {isLoadingNext ? "Loading…" : "Show more alerts"}
                </Button>
              </div>
            ) : null}
          </Section>
          <Section id="new-alert" title="New alert">
            {/* With more alerts to load, the count is not known: the server's answer then says if the limit is reached. */}
            <AlertForm viewer={viewer} alertCount={hasNext ? 0 : alerts.length} connectionId={connectionId} onCreated={refresh} />
          </Section>
        </Columns>
        <Columns $wide>
          <Section id="notifications" title="Notifications" label="Alert notifications">
            <AlertNotifications viewer={viewer} onRefresh={refresh} isRefreshing={isRefreshing} />
          </Section>
          <Section id="replay" title="Replay the stored history">
            <ReplayPanel coverage={data.dataCoverage} mailDelivery={data.authOptions.mailDelivery} onReplayed={refresh} />
          </Section>
        </Columns>
      </PageSection>
    </Container>
  );
}

/** A titled card; `label` names its region when the title alone would clash (the toasts' region is "Notifications"). */
function Section({ id, title, label, aside, children }: { id: string; title: string; label?: string; aside?: string; children: ReactNode }) {
  return (
    <Panel id={id} aria-labelledby={label ? undefined : `${id}-title`} aria-label={label}>
      <PanelHead>
        <h2 id={`${id}-title`}>{title}</h2>
        {aside ? <span>{aside}</span> : null}
      </PanelHead>
      {children}
    </Panel>
  );
}

/** /alerts#notifications (the bell's link) scrolls to that section, also when the page is already open. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView?.({ block: "start" });
  }, [hash]);
}

const Columns = styled.div<{ $wide?: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: ${({ $wide }) => ($wide ? "minmax(0, 3fr) minmax(0, 2fr)" : "minmax(0, 1fr) minmax(0, 1fr)")};
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Panel = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  scroll-margin-top: 80px;
`;

const PanelHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.sm};
  h2 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.xl}; }
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const AlertList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;
