import { Component, type ReactNode } from "react";
import { graphql, useFragment } from "react-relay";
import { Link } from "react-router-dom";
import styled from "styled-components";
import { Notice } from "../Notice/Notice";
import { runErrorMessage } from "../ScreenForm/useScreenRun";
import type { AlertHistoryPanel_history$key } from "./__generated__/AlertHistoryPanel_history.graphql";

/** A return (a fraction) as a signed percentage with a true minus sign: 0.0123 → "+1.2 %"; null → "—". */
export function formatReturn(value: number | null | undefined, digits = 1): string {
  if (value == null || !Number.isFinite(value)) return "—";
  const percent = value * 100;
  const rounded = Number(percent.toFixed(digits));
  return `${rounded > 0 ? "+" : rounded < 0 ? "−" : "±"}${Math.abs(rounded).toFixed(digits)} %`;
}

/** A share (0.55) as "55 %". */
const formatShare = (value: number | null | undefined) => (value == null || !Number.isFinite(value) ? "—" : `${Math.round(value * 100)} %`);

/**
 * An alert's history (Alert.history, or alertHistoryPreview for the form): when it would have fired
 * over the stored period, each firing's return over the next 5 and 21 trading days against the
 * equal-weight universe, and per horizon the mean excess with its 95 % interval. Every figure is the
 * server's, with its period and source; when it cannot be computed the warnings say why.
 */
export function AlertHistoryPanel({ history: historyRef, label }: { history: AlertHistoryPanel_history$key; label: string }) {
  const history = useFragment(
    graphql`
      fragment AlertHistoryPanel_history on AlertHistory {
        from
        to
        source
        available
        total
        ms
        warnings
        horizons {
          days
          measured
          meanStock
          meanUniverse
          meanExcess
          excessLow
          excessHigh
          hitRate
        }
        firings(first: 50) {
          ticker
          day
          summary
          forward {
            days
            stock
            universe
            excess
          }
        }
      }
    `,
    historyRef,
  );
  const period = history.from && history.to ? `${history.from} to ${history.to}` : "the stored days";
  return (
    <Panel aria-label={label}>
      <Meta>
        Evaluated on every trading day from {period}, each with the data known that day. Source: {history.source || "—"}. Computed in {history.ms.toLocaleString("en-US")} ms.
      </Meta>
      {!history.available ? (
        <Notice tone="warning" title="History not available for this condition yet">
          {history.warnings.length > 0 ? history.warnings.map((warning, index) => <p key={index}>{warning}</p>) : <p>The server gave no reason.</p>}
        </Notice>
      ) : (
        <>
          <Total>
            {history.total === 0 ? (
              <>It would not have fired over this period.</>
            ) : (
              <>
                It would have fired <strong>{history.total.toLocaleString("en-US")}</strong> time{history.total === 1 ? "" : "s"} over this period.
              </>
            )}
          </Total>
          {history.horizons.length > 0 && history.total > 0 ? (
            <Scroll role="region" aria-label={`${label}: forward returns (scrolls)`} tabIndex={0}>
              <TableTitle>After a firing: the stock vs the equal-weight universe of every stored ticker</TableTitle>
              <Table>
                <thead>
                  <tr>
                    <th scope="col">Horizon</th>
                    <th scope="col">Measured</th>
                    <th scope="col">Mean stock</th>
                    <th scope="col">Mean universe</th>
                    <th scope="col">Mean excess</th>
                    <th scope="col">95 % interval</th>
                    <th scope="col">Beat the universe</th>
                  </tr>
                </thead>
                <tbody>
                  {history.horizons.map((horizon) => (
                    <tr key={horizon.days}>
                      <th scope="row">+{horizon.days} trading days</th>
                      <td>
                        {horizon.measured.toLocaleString("en-US")} of {history.total.toLocaleString("en-US")}
                      </td>
                      <td>{formatReturn(horizon.meanStock, 2)}</td>
                      <td>{formatReturn(horizon.meanUniverse, 2)}</td>
                      <Strong>{formatReturn(horizon.meanExcess, 2)}</Strong>
                      <td>{horizon.excessLow != null && horizon.excessHigh != null ? `${formatReturn(horizon.excessLow, 2)} to ${formatReturn(horizon.excessHigh, 2)}` : "—"}</td>
                      <td>{formatShare(horizon.hitRate)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </Scroll>
          ) : null}
          {history.firings.length > 0 ? (
            <Scroll role="region" aria-label={`${label}: firings (scrolls)`} tabIndex={0}>
              <TableTitle>
                When it would have fired, newest first
                {history.total > history.firings.length ? ` (the newest ${history.firings.length} of ${history.total.toLocaleString("en-US")})` : ""}
              </TableTitle>
              <Table>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Ticker</th>
                    <th scope="col">What happened</th>
                    {history.firings[0]!.forward.map((forward) => (
                      <th scope="col" key={forward.days}>
                        +{forward.days} trading days
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {history.firings.map((firing, index) => (
                    <tr key={index}>
                      <td>{firing.day}</td>
                      <td>
                        <Link to={`/stocks/${encodeURIComponent(firing.ticker)}`}>{firing.ticker}</Link>
                      </td>
                      <SummaryCell>{firing.summary}</SummaryCell>
                      {firing.forward.map((forward) => (
                        <td key={forward.days}>
                          {forward.excess == null ? (
                            <Muted>not measurable yet</Muted>
                          ) : (
                            <>
                              <strong>{formatReturn(forward.excess)}</strong> excess
                              <Muted>
                                stock {formatReturn(forward.stock)} · universe {formatReturn(forward.universe)}
                              </Muted>
                            </>
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </Table>
            </Scroll>
          ) : null}
          {history.warnings.length > 0 ? (
            <Warnings aria-label="Warnings">
              {history.warnings.map((warning, index) => (
                <li key={index}>{warning}</li>
              ))}
            </Warnings>
          ) : null}
        </>
      )}
    </Panel>
  );
}

/** A failed history request says why, in place, while the rest of the page keeps working. */
export class HistoryErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <Notice tone="danger" title="History not computed">
        <p>{runErrorMessage(this.state.error, "Could not compute the history. Please try again.")}</p>
      </Notice>
    );
  }
}

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding-top: ${({ theme }) => theme.space.sm};
  min-width: 0;
`;

const Meta = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Total = styled.p`
  margin: 0;
`;

const Scroll = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  max-height: 28rem;
  overflow-y: auto;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-variant-numeric: tabular-nums;
  th, td {
    padding: 6px ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
    white-space: nowrap;
  }
  thead th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    background: ${({ theme }) => theme.colors.surface};
    position: sticky;
    top: 0;
  }
  tbody tr:last-child > * { border-bottom: 0; }
  tbody th { font-weight: 600; }
  a { font-weight: 600; }
`;

/** The table's title, kept to the visible width (sticky at the left while the table scrolls sideways). */
const TableTitle = styled.p`
  position: sticky;
  left: 0;
  margin: 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.sm} 0`};
  max-width: min(100%, 40rem);
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
`;

const SummaryCell = styled.td`
  && { white-space: normal; min-width: 16rem; }
`;

const Strong = styled.td`
  font-weight: 700;
`;

const Muted = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const Warnings = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
