import { useEffect, useRef, useState, type FormEvent } from "react";
import { graphql, useFragment, useQueryLoader, useRelayEnvironment, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { createOperationDescriptor, getRequest, type Subscription } from "relay-runtime";
import styled from "styled-components";
import { GraphQLRequestError } from "../../relay/environment";
import { Notice } from "../Notice/Notice";
import { runErrorMessage } from "../ScreenForm/useScreenRun";
import { Button, ButtonLink } from "../ui/Button";
import { BacktestReport } from "./BacktestReport";
import type { ScreenBacktest_result$data, ScreenBacktest_result$key } from "./__generated__/ScreenBacktest_result.graphql";
import type { ScreenBacktestInput, ScreenBacktestQuery as ScreenBacktestQueryType } from "./__generated__/ScreenBacktestQuery.graphql";

/** The plans' limits, as the server enforces them (api/src/backtest/screen-backtest.ts). */
export const FREE_BACKTEST_MONTHS = 12;
export const FREE_BACKTEST_TOP_N = 20;
export const PRO_BACKTEST_TOP_N = 100;
const DEFAULT_MONTHS = 12;

const ScreenBacktestQuery = graphql`
  query ScreenBacktestQuery($input: ScreenBacktestInput!) {
    screenBacktest(input: $input) {
      ...BacktestReport_backtest
    }
  }
`;

/** YYYY-MM `months` after `yearMonth`. */
function addMonths(yearMonth: string, months: number): string {
  const index = Number(yearMonth.slice(0, 4)) * 12 + Number(yearMonth.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** Months from `from` to `to`, both included. */
const monthsBetween = (from: string, to: string) =>
  Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7)) - (Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7))) + 1;

/** What a request asks past the Free plan's limits, in words (the server's PRO_REQUIRED names the same). */
export function limitsAskedPast(settings: { from: string; to: string; topN: number; kind: string }): string[] {
  const past: string[] = [];
  if (settings.kind === "COMBINED") past.push("The Combined screen, and its backtest, are Pro only.");
  const months = settings.from && settings.to ? monthsBetween(settings.from, settings.to) : DEFAULT_MONTHS;
  if (months > FREE_BACKTEST_MONTHS) past.push(`Free plans backtest one period of at most ${FREE_BACKTEST_MONTHS} months; this one is ${months}.`);
  if (settings.topN > FREE_BACKTEST_TOP_N) past.push(`Free plans hold at most the top ${FREE_BACKTEST_TOP_N} rows; you asked for ${settings.topN}.`);
  return past;
}

/**
 * "Backtest this screen", under a screen's results: the same request the user ran (read from the
 * run's `request`), from/to months (default: the 12 months from the screen's as-of; the server
 * clips them to the stored prices) and top N. Free plans' limits are stated; asking past them
 * shows the server's PRO_REQUIRED message with an upgrade link.
 */
export function ScreenBacktest({ result }: { result: ScreenBacktest_result$key }) {
  const data = useFragment(
    graphql`
      fragment ScreenBacktest_result on ScreenResult {
        runId
        asOf
        kind
        request {
          asOf
          includeEtf
          lookbackDays
          maxBeta
          maxEarnDays
          maxRsi
          maxSymbols
          minBeta
          minPrice
          minRsi
          minSentiment
          minVolume
          newsSources {
            cnbc
            ft
            reuters
            wsj
            yahoo
          }
          newsWindowDays
          requireCrossover
          requireMaCondition
          sectorKeyword
          tickers
          universe
        }
      }
    `,
    result,
  );
  // Keyed by run: a new screen run's backtest starts afresh from its own day.
  return <BacktestPanel key={data.runId} screen={data} />;
}

function BacktestPanel({ screen }: { screen: ScreenBacktest_result$data }) {
  const environment = useRelayEnvironment();
  const [report, loadReport] = useQueryLoader<ScreenBacktestQueryType>(ScreenBacktestQuery);
  const screenMonth = screen.asOf.slice(0, 7);
  const [from, setFrom] = useState(screenMonth);
  const [to, setTo] = useState("");
  const [topN, setTopN] = useState(FREE_BACKTEST_TOP_N);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ failure: unknown; limits: string[] } | null>(null);
  const inFlight = useRef<Subscription | null>(null);
  useEffect(() => () => inFlight.current?.unsubscribe(), []);
  const run = (event: FormEvent) => {
    event.preventDefault();
    const input: ScreenBacktestInput = { screen: screen.request, kind: screen.kind, from: from || null, to: to || null, topN };
    const variables = { input };
    inFlight.current?.unsubscribe();
    setPending(true);
    setError(null);
    inFlight.current = environment.execute({ operation: createOperationDescriptor(getRequest(ScreenBacktestQuery), variables) }).subscribe({
      complete: () => {
        inFlight.current = null;
        setPending(false);
        loadReport(variables, { fetchPolicy: "store-only" });
      },
      error: (failure: unknown) => {
        inFlight.current = null;
        setPending(false);
        setError({ failure, limits: limitsAskedPast({ from, to, topN, kind: screen.kind }) });
      },
    });
  };
  const needsPro = error?.failure instanceof GraphQLRequestError && error.failure.code === "PRO_REQUIRED";

  return (
    <Panel aria-labelledby="screen-backtest-heading">
      <Heading id="screen-backtest-heading">Backtest this screen</Heading>
      <Intro>
        What the rows did next, and a portfolio of the top rows rebuilt on each month's first trading day with this same screen (using only
        data up to that day), against the equal-weight universe. Free plans: one period of up to {FREE_BACKTEST_MONTHS} months and the top{" "}
        {FREE_BACKTEST_TOP_N}; Pro: any period in the data and up to the top {PRO_BACKTEST_TOP_N}.
      </Intro>
      <Form onSubmit={run} aria-label="Backtest settings">
        <label>
          From
          <input type="month" value={from} required onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label>
          To
          <input
            type="month"
            value={to}
            min={from}
            placeholder={addMonths(from || screenMonth, DEFAULT_MONTHS - 1)}
            aria-describedby="backtest-to-hint"
            onChange={(event) => setTo(event.target.value)}
          />
        </label>
        <label>
          Top N
          <input type="number" min={1} max={PRO_BACKTEST_TOP_N} value={topN} onChange={(event) => setTopN(Number(event.target.value))} />
        </label>
        <Button type="submit" disabled={pending}>
          {pending ? "Running backtest…" : "Run backtest"}
        </Button>
        <Hint id="backtest-to-hint">Empty To: {DEFAULT_MONTHS} months from From, ending at the last stored prices.</Hint>
      </Form>
      {error ? (
        <Notice tone={needsPro ? "warning" : "danger"} title={needsPro ? "Pro plan needed for this backtest" : "Backtest failed"}>
          {needsPro ? (
            error.limits.map((limit) => <p key={limit}>{limit}</p>)
          ) : (
            <p>{runErrorMessage(error.failure, "The backtest could not be run.")}</p>
          )}
          {needsPro ? (
            <p>
              <ButtonLink to="/pricing" $variant="primary" $size="sm">
                See Pro plans
              </ButtonLink>
            </p>
          ) : null}
        </Notice>
      ) : null}
      {report ? <LoadedReport reference={report} /> : null}
    </Panel>
  );
}

function LoadedReport({ reference }: { reference: PreloadedQuery<ScreenBacktestQueryType> }) {
  const data = usePreloadedQuery<ScreenBacktestQueryType>(ScreenBacktestQuery, reference);
  return <BacktestReport backtest={data.screenBacktest} />;
}

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  padding-top: ${({ theme }) => theme.space.lg};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  label {
    display: grid;
    gap: 4px;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
  }
  input {
    min-height: 36px;
    padding: 4px 8px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
  input[type="number"] { width: 6em; }
`;

const Hint = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;
