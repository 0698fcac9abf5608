import { useMemo, type Dispatch, type SetStateAction } from "react";
import { graphql, useFragment, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import styled from "styled-components";
import { InlineSpinner } from "../../components/InlineSpinner/InlineSpinner";
import { NoResultsYet, ResultsPane, RunResultsBoundary, ScreenControls, ScreenWorkspace } from "../../components/ScreenForm/ScreenLayout";
import { checkScreenForm, type ScreenFormValues } from "../../components/ScreenForm/screenFormValues";
import { useFirstVisitRun } from "../../components/ScreenForm/useFirstVisitRun";
import { formatMarketDate } from "../../components/ScreenResults/format";
import { BasicScreenRunQuery, type BasicScreenRun } from "../../components/ScreenForm/useScreenRun";
import type { useScreenRunBasicQuery } from "../../components/ScreenForm/__generated__/useScreenRunBasicQuery.graphql";
import { BasicScreenResults } from "../../components/ScreenResults/BasicScreenResults";
import type { ScoreMethodologyKey } from "../../components/ScreenResults/ScoreHelp";
import { TooltipGroup } from "../../components/Tooltip/Tooltip";
import { formatDateTime } from "../../components/SentimentBadge/sentiment";
import type { BasicScreener_query$key } from "./__generated__/BasicScreener_query.graphql";

interface BasicScreenerProps {
  query: BasicScreener_query$key;
  values: ScreenFormValues;
  onValuesChange: Dispatch<SetStateAction<ScreenFormValues>>;
  run: BasicScreenRun;
  /** The view's day (null: the latest data). */
  asOf: string | null;
  /** At a chosen or default day (not live): a first visit runs the form's screen once, so it opens on results. */
  runOnFirstVisit: boolean;
  /** Where this tab's state is kept (screenSessionKey). */
  sessionKey: string;
}

/** The Basic Screener tab: presets, the form and saved screens on the left; KPI tiles and the table on the right. */
export function BasicScreener({ query, values, onValuesChange, run, asOf, runOnFirstVisit, sessionKey }: BasicScreenerProps) {
  const data = useFragment(
    graphql`
      fragment BasicScreener_query on Query {
        ...ScreenForm_query
        screenMethodology {
          ...ScoreHelp_methodology
        }
        viewer {
          ...SavedScreens_viewer
          latestScreen {
            createdAt
            request {
              asOf
            }
            ...BasicScreenResults_result
          }
        }
      }
    `,
    query,
  );
  const latest = data.viewer?.latestScreen;
  const canAddToWatchlist = !!data.viewer;
  const latestAsOf = latest?.request.asOf ?? null;

  const firstInput = useMemo(() => checkScreenForm(values).input, [values]);
  useFirstVisitRun({ input: firstInput, run, sessionKey, enabled: runOnFirstVisit, hasStoredRun: !!latest });

  return (
    <ScreenWorkspace>
      <ScreenControls
        query={data}
        viewer={data.viewer}
        kind="BASIC"
        values={values}
        onValuesChange={onValuesChange}
        onRun={run.run}
        running={run.pending}
        runLabel="Run Screen"
        label="Basic screen parameters"
      />
      <ResultsPane run={run}>
        {run.pending ? <InlineSpinner label="Running the screen…" /> : null}
        {run.result ? (
          <RunResultsBoundary>
            <BasicRunResults queryRef={run.result} methodology={data.screenMethodology} canAddToWatchlist={canAddToWatchlist} />
          </RunResultsBoundary>
        ) : latest ? (
          <>
            <LastRun>
              Your last screen, run {formatDateTime(latest.createdAt)}, as of {latestAsOf ? formatMarketDate(latestAsOf) : "the latest data then"}.
              {latestAsOf !== asOf ? ` Not the day chosen above (${asOf ? formatMarketDate(asOf) : "the latest data"}): run the screen to see that day.` : ""}
            </LastRun>
            <TooltipGroup>
              <BasicScreenResults result={latest} methodology={data.screenMethodology} canAddToWatchlist={canAddToWatchlist} />
            </TooltipGroup>
          </>
        ) : run.pending ? null : (
          <NoResultsYet>Choose a universe and filters, then run the screen. Matching stocks appear here.</NoResultsYet>
        )}
      </ResultsPane>
    </ScreenWorkspace>
  );
}

function BasicRunResults({
  queryRef,
  methodology,
  canAddToWatchlist,
}: {
  queryRef: PreloadedQuery<useScreenRunBasicQuery>;
  methodology: ScoreMethodologyKey;
  canAddToWatchlist: boolean;
}) {
  const { screen } = usePreloadedQuery<useScreenRunBasicQuery>(BasicScreenRunQuery, queryRef);
  return (
    <TooltipGroup>
      <BasicScreenResults result={screen} methodology={methodology} canAddToWatchlist={canAddToWatchlist} />
    </TooltipGroup>
  );
}

const LastRun = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
