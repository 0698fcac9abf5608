import { useState } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import { Link } from "react-router-dom";
import styled, { css } from "styled-components";
import { formatTimestamp } from "../ApiKeysPanel/formatTimestamp";
import { runErrorMessage } from "../ScreenForm/useScreenRun";
import { useToast } from "../Toaster/useToast";
import { Button } from "../ui/Button";
import { Badge } from "../ui/Layout";
import type { AlertFiringItem_firing$key } from "./__generated__/AlertFiringItem_firing.graphql";
import type { AlertFiringItemResendMutation } from "./__generated__/AlertFiringItemResendMutation.graphql";

/** A figure of the evidence as the server stored it, only rounded: whole numbers as they are, others to two places. */
export function formatEvidenceValue(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return "—";
  return Number.isInteger(value) ? value.toLocaleString("en-US") : value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

const CHANNEL_NAMES: Record<string, string> = { email: "Email", webhook: "Webhook" };

/** One firing in the notifications: what happened, its evidence with days and source, and each channel's delivery. */
export function AlertFiringItem({ firing: firingRef }: { firing: AlertFiringItem_firing$key }) {
  const firing = useFragment(
    graphql`
      fragment AlertFiringItem_firing on AlertFiring {
        id
        summary
        day
        ticker
        origin
        read
        firedAt
        level
        source
        evidenceJson
        before {
          day
          value
        }
        after {
          day
          value
        }
        alert {
          id
          name
        }
        deliveries {
          id
          channel
          status
          attempts
          nextAttemptAt
          deliveredAt
          lastStatusCode
          lastError
        }
      }
    `,
    firingRef,
  );
  const hasSides = firing.before?.value != null && firing.after?.value != null;
  return (
    <Item aria-label={`${firing.ticker} on ${firing.day}: ${firing.alert?.name ?? "deleted alert"}`}>
      <Top>
        <Summary>{firing.summary}</Summary>
        <Marks>
          {firing.read ? null : <Tone $tone="primary">New</Tone>}
          <Tone $tone={firing.origin === "replay" ? "muted" : "success"} title={firing.origin === "replay" ? "Fired by a replay of the stored history" : "Fired by a data update"}>
            {firing.origin === "replay" ? "replay" : "live"}
          </Tone>
        </Marks>
      </Top>
      <Meta>
        <span>{firing.day}</span>
        <Link to={`/stocks/${encodeURIComponent(firing.ticker)}`}>{firing.ticker}</Link>
        <span>{firing.alert ? `Alert: ${firing.alert.name}` : "Alert deleted"}</span>
        <span>Fired {formatTimestamp(firing.firedAt, "—")}</span>
      </Meta>
      <Evidence aria-label="Evidence">
        {hasSides ? (
          <div>
            <dt>Value</dt>
            <dd>
              {formatEvidenceValue(firing.before!.value)} <small>({firing.before!.day})</small> → {formatEvidenceValue(firing.after!.value)} <small>({firing.after!.day})</small>
            </dd>
          </div>
        ) : null}
        {firing.level != null ? (
          <div>
            <dt>Level</dt>
            <dd>{formatEvidenceValue(firing.level)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Source</dt>
          <SourceText>{firing.source || "—"}</SourceText>
        </div>
      </Evidence>
      <AllEvidence>
        <summary>All evidence</summary>
        {/* It scrolls past 16rem: focusable, so the keyboard scrolls it too. */}
        <pre tabIndex={0} role="region" aria-label={`All evidence of ${firing.ticker} on ${firing.day} (scrolls)`}>
          {prettyJson(firing.evidenceJson)}
        </pre>
      </AllEvidence>
      {firing.deliveries.length > 0 ? (
        <Deliveries aria-label="Deliveries">
          {firing.deliveries.map((delivery) => (
            <Delivery key={delivery.id} delivery={delivery} />
          ))}
        </Deliveries>
      ) : (
        <NoDelivery>In the app only (no email or webhook channel).</NoDelivery>
      )}
    </Item>
  );
}

type DeliveryData = {
  readonly id: string;
  readonly channel: string;
  readonly status: string;
  readonly attempts: number;
  readonly nextAttemptAt: string;
  readonly deliveredAt: string | null | undefined;
  readonly lastStatusCode: number | null | undefined;
  readonly lastError: string | null | undefined;
};

function Delivery({ delivery }: { delivery: DeliveryData }) {
  const { toast } = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const [commit, isSending] = useMutation<AlertFiringItemResendMutation>(graphql`
    mutation AlertFiringItemResendMutation($id: ID!) {
      replayAlertDelivery(id: $id) {
        id
        status
        attempts
        nextAttemptAt
        deliveredAt
        lastStatusCode
        lastError
      }
    }
  `);
  const channel = CHANNEL_NAMES[delivery.channel] ?? delivery.channel;
  const canSendAgain = delivery.channel === "webhook" && (delivery.status === "failed" || delivery.status === "delivered");
  const sendAgain = () =>
    commit({
      variables: { id: delivery.id },
      onCompleted: () => {
        setProblem(null);
        toast({ title: "Webhook Queued", description: "It goes out again in a moment; refresh to see the result." });
      },
      onError: (error) => setProblem(runErrorMessage(error, "Could not send it again.")),
    });
  return (
    <li>
      <strong>{channel}</strong>{" "}
      <Status $status={delivery.status}>{delivery.status}</Status> <span>{deliveryDetail(delivery)}</span>
      {canSendAgain ? (
        <Button type="button" $variant="ghost" $size="sm" onClick={sendAgain} disabled={isSending} aria-label={`Send again: ${channel.toLowerCase()}`}>
          {isSending ? "Sending…" : "Send again"}
        </Button>
      ) : null}
      {problem ? <Problem role="alert">{problem}</Problem> : null}
    </li>
  );
}

/** What the delivery log says, in words: when delivered, when the next attempt is, or why it failed. */
function deliveryDetail(delivery: DeliveryData): string {
  const attempts = `${delivery.attempts} attempt${delivery.attempts === 1 ? "" : "s"}`;
  const last = [delivery.lastStatusCode != null ? `last status ${delivery.lastStatusCode}` : null, delivery.lastError].filter(Boolean).join(": ");
  if (delivery.status === "delivered") return `${formatTimestamp(delivery.deliveredAt, "—")} (${attempts}${delivery.lastStatusCode != null ? `, status ${delivery.lastStatusCode}` : ""})`;
  if (delivery.status === "pending") return `next attempt ${formatTimestamp(delivery.nextAttemptAt, "—")} (${attempts} so far${last ? `; ${last}` : ""})`;
  return `after ${attempts}${last ? `; ${last}` : ""}`;
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

const Item = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child { border-bottom: 0; }
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
`;

const Summary = styled.p`
  margin: 0;
  font-weight: 600;
  flex: 1 1 24rem;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Marks = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;

type ToneName = "primary" | "success" | "muted" | "danger";

const toneColor = (theme: import("styled-components").DefaultTheme, tone: ToneName) =>
  ({ primary: theme.colors.primary, success: theme.colors.success, danger: theme.colors.danger, muted: theme.colors.textMuted })[tone];

/** A small label tinted by its tone, its text in the tone's colour (AA on the tint in both themes). */
export const Tone = styled(Badge)<{ $tone: ToneName }>`
  ${({ theme, $tone }) => css`
    color: ${toneColor(theme, $tone)};
    background: color-mix(in srgb, ${toneColor(theme, $tone)} 10%, ${theme.colors.surface});
    border: 1px solid color-mix(in srgb, ${toneColor(theme, $tone)} 35%, ${theme.colors.border});
  `}
`;

const Meta = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 4px ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  a { font-weight: 600; }
`;

const Evidence = styled.dl`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 4px ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  > div { display: flex; gap: 6px; min-width: 0; }
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
  small { color: ${({ theme }) => theme.colors.textMuted}; font-size: inherit; }
`;

const SourceText = styled.dd`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const AllEvidence = styled.details`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  summary { cursor: pointer; color: ${({ theme }) => theme.colors.primary}; width: fit-content; }
  pre {
    margin: ${({ theme }) => theme.space.xs} 0 0;
    padding: ${({ theme }) => theme.space.sm};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    max-height: 16rem;
    overflow: auto;
  }
`;

const Deliveries = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; }
`;

const Status = styled.span<{ $status: string }>`
  font-weight: 700;
  color: ${({ theme, $status }) => ($status === "delivered" ? theme.colors.success : $status === "failed" ? theme.colors.danger : theme.colors.premium)};
`;

const NoDelivery = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Problem = styled.span`
  flex-basis: 100%;
  color: ${({ theme }) => theme.colors.danger};
`;
