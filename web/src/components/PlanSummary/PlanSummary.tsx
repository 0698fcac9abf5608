import styled from "styled-components";
import { DetailList } from "../ui/Layout";

const STATUS_LABELS: Record<string, string> = {
  free: "Free",
  trialing: "Free trial",
  active: "Active",
  past_due: "Past due",
  canceled: "Canceled",
  unpaid: "Unpaid",
  incomplete: "Incomplete",
  incomplete_expired: "Expired",
};

/** "trialing" → "Free trial"; unknown statuses are shown as the server names them. */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

/** "pro" → "Pro". */
export function planLabel(planId: string): string {
  return planId ? planId.charAt(0).toUpperCase() + planId.slice(1) : "Basic";
}

/** A date the way the account pages show it ("December 1, 2026"), or "N/A". */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "N/A";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "N/A" : date.toLocaleDateString("en-US", { dateStyle: "long" });
}

export interface PlanSummaryProps {
  email?: string;
  planId?: string;
  status: string;
  trialEndsAt: string | null | undefined;
}

/** Email, plan, status and trial end as a definition list (Status tab, success and portal pages). */
export function PlanSummary({ email, planId, status, trialEndsAt }: PlanSummaryProps) {
  return (
    <List>
      {email !== undefined ? (
        <div>
          <dt>Email</dt>
          <dd>{email}</dd>
        </div>
      ) : null}
      {planId !== undefined ? (
        <div>
          <dt>Plan</dt>
          <dd>{planLabel(planId)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Status</dt>
        <dd>
          <StatusPill $positive={status === "trialing" || status === "active"}>{statusLabel(status)}</StatusPill>
        </dd>
      </div>
      <div>
        <dt>Trial ends</dt>
        {/* A trial end is news only while the trial runs; after cancel or conversion it is history. */}
        <dd>{status === "trialing" ? formatDate(trialEndsAt) : "N/A"}</dd>
      </div>
    </List>
  );
}

/** The email can be long: let values break anywhere rather than overflow. */
const List = styled(DetailList)`
  dd { overflow-wrap: anywhere; }
`;

/** A plan status as a pill, green when it gives Pro access. */
export const StatusPill = styled.span<{ $positive: boolean }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  background: ${({ theme, $positive }) =>
    $positive ? `color-mix(in srgb, ${theme.colors.success} 14%, ${theme.colors.surface})` : theme.colors.surfaceMuted};
  color: ${({ theme, $positive }) => ($positive ? theme.colors.success : theme.colors.textMuted)};
`;
