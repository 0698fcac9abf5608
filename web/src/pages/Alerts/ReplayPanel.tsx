import { useId, useMemo, useState, type FormEvent } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import styled from "styled-components";
import { useAsOf } from "../../components/AsOfControl/useAsOf";
import { Field, FieldError, FieldHint, TextInput } from "../../components/FormControls/FormControls";
import { InlineSpinner } from "../../components/InlineSpinner/InlineSpinner";
import { runErrorMessage } from "../../components/ScreenForm/useScreenRun";
import { Button } from "../../components/ui/Button";
import { GraphQLRequestError } from "../../relay/environment";
import type { ReplayPanel_coverage$key } from "./__generated__/ReplayPanel_coverage.graphql";
import type { ReplayPanelMutation, ReplayPanelMutation$data } from "./__generated__/ReplayPanelMutation.graphql";

/** The replay starts this many trading days before the app's as-of day, and runs this many by default. */
export const REPLAY_START_BEFORE = 15;
export const REPLAY_DAYS_DEFAULT = 10;
export const REPLAY_DAYS_MAX = 30;

/** The trading day `count` trading days before `day` (or the first stored one), from the stored trading days in order. */
export function tradingDayBefore(tradingDays: readonly string[], day: string | null, count: number): string | null {
  if (tradingDays.length === 0) return null;
  let index = tradingDays.length - 1;
  if (day) {
    while (index > 0 && tradingDays[index]! > day) index -= 1;
  }
  return tradingDays[Math.max(0, index - count)]!;
}

interface ReplayPanelProps {
  coverage: ReplayPanel_coverage$key;
  /** DEV_OUTBOX: mail and webhooks to /dev/webhooks stay on this machine. */
  mailDelivery: string;
  onReplayed: () => void;
}

type Result = ReplayPanelMutation$data["replayAlerts"];

/** "Replay the stored history": steps your alerts through stored trading days, firing and delivering what they would have caught. */
export function ReplayPanel({ coverage: coverageRef, mailDelivery, onReplayed }: ReplayPanelProps) {
  const coverage = useFragment(
    graphql`
      fragment ReplayPanel_coverage on DataCoverage {
        latestPriceDate
        days {
          date
          tickersWithPrices
        }
      }
    `,
    coverageRef,
  );
  const id = useId();
  const { asOf } = useAsOf();
  const tradingDays = useMemo(() => coverage.days.filter((day) => day.tickersWithPrices > 0).map((day) => day.date), [coverage.days]);
  const suggested = tradingDayBefore(tradingDays, asOf ?? coverage.latestPriceDate ?? null, REPLAY_START_BEFORE) ?? "";
  const [typedFrom, setFrom] = useState<string | null>(null);
  const [days, setDays] = useState(String(REPLAY_DAYS_DEFAULT));
  const [errors, setErrors] = useState<{ from?: string; days?: string; other?: string }>({});
  const [result, setResult] = useState<Result | null>(null);
  const from = typedFrom ?? suggested;
  const [commit, isReplaying] = useMutation<ReplayPanelMutation>(graphql`
    mutation ReplayPanelMutation($from: String!, $days: Int!) {
      replayAlerts(from: $from, days: $days) {
        firings
        ms
        days {
          day
          firings
        }
      }
    }
  `);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const count = Number(days);
    if (!Number.isInteger(count) || count < 1 || count > REPLAY_DAYS_MAX) {
      setErrors({ days: `A whole number of trading days from 1 to ${REPLAY_DAYS_MAX}.` });
      return;
    }
    setErrors({});
    setResult(null);
    commit({
      variables: { from, days: count },
      onCompleted: (response) => {
        setResult(response.replayAlerts);
        onReplayed();
      },
      onError: (error) => {
        const fieldErrors = error instanceof GraphQLRequestError ? error.fieldErrors : [];
        const fromError = fieldErrors.find((fieldError) => fieldError.field === "from")?.message;
        const daysError = fieldErrors.find((fieldError) => fieldError.field === "days")?.message;
        setErrors(fromError || daysError ? { from: fromError, days: daysError } : { other: runErrorMessage(error, "Could not replay the history.") });
      },
    });
  };

  return (
    <Stack>
      <FieldHint>
        Steps the as-of day through stored trading days and fires what your alerts would have caught each day, as if the data had just come in. Those firings are
        marked “replay” and delivered like live ones; a fact fires once, so the same days again add nothing.
      </FieldHint>
      <form onSubmit={onSubmit} aria-label="Replay the stored history" noValidate>
        <Row>
          <Field>
            <label htmlFor={`${id}-from`}>From</label>
            <TextInput
              id={`${id}-from`}
              type="date"
              value={from}
              min={tradingDays[0]}
              max={tradingDays.at(-1)}
              aria-invalid={errors.from ? true : undefined}
              aria-describedby={errors.from ? `${id}-from-error` : `${id}-from-hint`}
              onChange={(event) => setFrom(event.target.value)}
            />
          </Field>
          <Field>
            <label htmlFor={`${id}-days`}>Trading days (1–{REPLAY_DAYS_MAX})</label>
            <TextInput
              id={`${id}-days`}
              type="number"
              min={1}
              max={REPLAY_DAYS_MAX}
              step={1}
              value={days}
              aria-invalid={errors.days ? true : undefined}
              aria-describedby={errors.days ? `${id}-days-error` : undefined}
              onChange={(event) => setDays(event.target.value)}
            />
          </Field>
          <Button type="submit" disabled={isReplaying || !from}>
            {isReplaying ? "Replaying…" : "Replay"}
          </Button>
        </Row>
        {errors.from ? (
          <FieldError id={`${id}-from-error`} role="alert">
            {errors.from}
          </FieldError>
        ) : (
          <FieldHint id={`${id}-from-hint`}>
            {suggested ? `Suggested: ${suggested}, ${REPLAY_START_BEFORE} trading days before the app's as-of day (${asOf ?? coverage.latestPriceDate ?? "the latest prices"}).` : "No prices are stored yet."}
          </FieldHint>
        )}
        {errors.days ? (
          <FieldError id={`${id}-days-error`} role="alert">
            {errors.days}
          </FieldError>
        ) : null}
        {errors.other ? <FieldError role="alert">{errors.other}</FieldError> : null}
      </form>
      {isReplaying ? <InlineSpinner label="Replaying: each day runs your alerts against that day's data…" /> : null}
      {result ? <ReplayResult result={result} /> : null}
      <Help>
        {mailDelivery === "DEV_OUTBOX" ? (
          <>
            No mail server is set up here: mail goes to the development outbox at <a href="/dev/outbox">/dev/outbox</a>, and a webhook pointed at{" "}
            <code>{window.location.origin}/dev/webhooks/any-name</code> lands in the inbox at <a href="/dev/webhooks">/dev/webhooks</a> (both on this machine only).
          </>
        ) : (
          <>Mail goes out through the configured mail server; webhooks go to the URLs you gave.</>
        )}
      </Help>
    </Stack>
  );
}

function ReplayResult({ result }: { result: Result }) {
  const days = result.days.length;
  return (
    <Outcome role="status" aria-label="Replay result">
      <p>
        <strong>
          {result.firings.toLocaleString("en-US")} firing{result.firings === 1 ? "" : "s"} over {days} trading day{days === 1 ? "" : "s"}
        </strong>
        {days > 0 ? ` (${result.days[0]!.day} to ${result.days[days - 1]!.day})` : ""}, in {(result.ms / 1000).toFixed(1)} s.
      </p>
      {days > 0 ? (
        <DayList aria-label="Firings per replayed day">
          {result.days.map((day) => (
            <li key={day.day}>
              <span>{day.day}</span> {day.firings} firing{day.firings === 1 ? "" : "s"}
            </li>
          ))}
        </DayList>
      ) : null}
    </Outcome>
  );
}

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  p { margin: 0; }
  form { display: grid; gap: ${({ theme }) => theme.space.sm}; }
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(10rem, 1fr) minmax(8rem, 1fr) auto;
  gap: ${({ theme }) => theme.space.sm};
  align-items: end;
  > button { min-height: 44px; }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Outcome = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const DayList = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
  gap: 2px ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-variant-numeric: tabular-nums;
  span { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Help = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  code { font-family: ${({ theme }) => theme.fonts.mono}; font-size: ${({ theme }) => theme.fontSizes.xs}; overflow-wrap: anywhere; }
  a { font-weight: 600; }
`;
