import { Suspense, useCallback, useMemo, useState } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { AsOfLine } from "../../components/AsOfControl/AsOfLine";
import { useAsOf } from "../../components/AsOfControl/useAsOf";
import { PageLoading } from "../../components/PageStatus/PageStatus";
import { SavedScreens } from "../../components/SavedScreens/SavedScreens";
import { AdvancedFilters } from "../../components/ScreenForm/AdvancedFilters";
import { ScreenForm } from "../../components/ScreenForm/ScreenForm";
import { NoResultsYet, ResultsPane, RunResultsBoundary, ScreenSidebar, ScreenWorkspace } from "../../components/ScreenForm/ScreenLayout";
import { checkProForm, DEFAULT_PRO_FORM_VALUES, type ProFormValues } from "../../components/ScreenForm/proFormValues";
import { checkScreenForm } from "../../components/ScreenForm/screenFormValues";
import { screenSessionKey, useScreenFormSession, useScreenSessionState } from "../../components/ScreenForm/screenSession";
import { useFirstVisitRun } from "../../components/ScreenForm/useFirstVisitRun";
import type { ScreenInput } from "../../components/ScreenForm/useScreenRun";
import { ProScreenRunQuery, useProScreenRun } from "../../components/ScreenForm/useScreenRun";
import { ScreenPresets } from "../../components/ScreenPresets/ScreenPresets";
import { applyProPreset, PRO_SCREEN_PRESETS } from "../../components/ScreenPresets/presets";
import { ProResultsSkeleton, ProScreenResults } from "../../components/ScreenResults/ProScreenResults";
import { useToast } from "../../components/Toaster/useToast";
import { TooltipGroup } from "../../components/Tooltip/Tooltip";
import { Lead, PageHeading, PageSection, WideContainer } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { useRouteQuery } from "../../routing/routeQueries";
import type { useScreenRunProQuery } from "../../components/ScreenForm/__generated__/useScreenRunProQuery.graphql";
import type { ProScreenerPageQuery as ProScreenerPageQueryType } from "./__generated__/ProScreenerPageQuery.graphql";

/** The form's choices and the viewer's saved screens. */
export const ProScreenerPageQuery = graphql`
  query ProScreenerPageQuery {
    ...ScreenForm_query
    viewer {
      id
      ...SavedScreens_viewer
    }
  }
`;

const TITLE = "Pro Screener";
const RUN_LABEL = "Run Pro Screen";

/**
 * /pro-screener (Pro; the route's gate shows others the spec's gate page): the screener with
 * the advanced filters (AI score and rank, earnings beat probability, 13F fund changes, GICS sectors,
 * returns, volatility, sentiment range, articles, analyst actions), presets, saved screens and CSV.
 */
export default function ProScreenerPage() {
  useDocumentTitle(TITLE);
  return (
    <WideContainer>
      <PageSection>
        <div>
          <PageHeading>{TITLE}</PageHeading>
          <Lead>The combined screen with advanced filters: AI score and rank, earnings beat probability, tracked funds' 13F changes, sectors, returns, volatility, analyst actions and fundamentals as known on the day.</Lead>
          <AsOfLine />
        </div>
        <Suspense fallback={<PageLoading label="Loading the Pro Screener…" />}>
          <ProScreenerWorkspace />
        </Suspense>
      </PageSection>
    </WideContainer>
  );
}

function ProScreenerWorkspace() {
  const data = usePreloadedQuery<ProScreenerPageQueryType>(ProScreenerPageQuery, useRouteQuery<ProScreenerPageQueryType>());
  // The route's gate let only a signed-in Pro user in.
  const sessionKey = screenSessionKey("pro", data.viewer?.id ?? "");
  const [values, setValues] = useScreenFormSession(sessionKey);
  const [advanced, setAdvanced] = useScreenSessionState<ProFormValues>(`${sessionKey}.advanced`, DEFAULT_PRO_FORM_VALUES, (stored) => ({
    ...DEFAULT_PRO_FORM_VALUES,
    ...stored,
  }));
  const [triedRun, setTriedRun] = useState(false);
  const { asOf } = useAsOf();
  const run = useProScreenRun(sessionKey, asOf);
  const { toast } = useToast();
  const check = checkProForm(advanced, values.minSentiment);
  // Like the Basic screener, a first visit opens on results: the default criteria, run once.
  const firstInput = useMemo(() => {
    const basic = checkScreenForm(values).input;
    const pro = checkProForm(advanced, values.minSentiment);
    return basic && !pro.errors ? { ...basic, advanced: pro.advanced } : null;
  }, [values, advanced]);
  useFirstVisitRun({ input: firstInput, run, sessionKey, enabled: asOf !== null, hasStoredRun: false });

  const onRun = useCallback(
    (input: ScreenInput) => {
      setTriedRun(true);
      if (check.errors) {
        toast({ title: "Check the advanced filters", description: Object.values(check.errors).join(" "), variant: "destructive" });
        return;
      }
      run.run({ ...input, advanced: check.advanced });
    },
    [check, run, toast],
  );

  return (
    <ScreenWorkspace>
      <ScreenSidebar>
        <ScreenPresets
          presets={PRO_SCREEN_PRESETS}
          onApply={(preset) => {
            const next = applyProPreset(values, advanced, preset);
            setValues(next.values);
            setAdvanced(next.advanced);
          }}
        />
        <ScreenForm query={data} values={values} onChange={setValues} onRun={onRun} running={run.pending} runLabel={RUN_LABEL} label="Pro screen parameters">
          <AdvancedFilters values={advanced} onChange={setAdvanced} errors={check.errors ?? {}} showAll={triedRun} />
        </ScreenForm>
        <SavedScreens viewer={data.viewer} kind="PRO" values={values} onApply={setValues} advanced={{ values: advanced, onApply: setAdvanced }} />
      </ScreenSidebar>
      <ResultsPane run={run}>
        {run.pending ? (
          <ProResultsSkeleton />
        ) : run.result ? (
          <RunResultsBoundary>
            <ProRunResults queryRef={run.result} canAddToWatchlist={!!data.viewer} />
          </RunResultsBoundary>
        ) : (
          <NoResultsYet>Choose a universe, the Basic filters and any advanced filters, then run the Pro screen.</NoResultsYet>
        )}
      </ResultsPane>
    </ScreenWorkspace>
  );
}

function ProRunResults({ queryRef, canAddToWatchlist }: { queryRef: PreloadedQuery<useScreenRunProQuery>; canAddToWatchlist: boolean }) {
  const { proScreen } = usePreloadedQuery<useScreenRunProQuery>(ProScreenRunQuery, queryRef);
  return (
    <TooltipGroup>
      <ProScreenResults result={proScreen} canAddToWatchlist={canAddToWatchlist} />
    </TooltipGroup>
  );
}
