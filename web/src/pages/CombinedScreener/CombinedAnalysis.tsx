import { useId, useMemo, type Dispatch, type SetStateAction } from "react";
import { graphql, useFragment, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import styled from "styled-components";
import { FieldHint } from "../../components/FormControls/FormControls";
import { PricingCards } from "../../components/PricingCards/PricingCards";
import { ProFeatureOverlay } from "../../components/ProFeatureOverlay/ProFeatureOverlay";
import { useProAccess } from "../../components/ProFeatureOverlay/useProAccess";
import { ScreenForm } from "../../components/ScreenForm/ScreenForm";
import { useFirstVisitRun } from "../../components/ScreenForm/useFirstVisitRun";
import { NoResultsYet, ResultsPane, RunResultsBoundary, ScreenControls, ScreenSidebar, ScreenWorkspace } from "../../components/ScreenForm/ScreenLayout";
import { checkScreenForm, type ScreenFormValues } from "../../components/ScreenForm/screenFormValues";
import { CombinedScreenRunQuery, PRO_REQUIRED_TOAST, type CombinedScreenRun } from "../../components/ScreenForm/useScreenRun";
import type { useScreenRunCombinedQuery } from "../../components/ScreenForm/__generated__/useScreenRunCombinedQuery.graphql";
import { CombinedResultsSkeleton, CombinedScreenResults } from "../../components/ScreenResults/CombinedScreenResults";
import type { ScoreMethodologyKey } from "../../components/ScreenResults/ScoreHelp";
import { TooltipGroup } from "../../components/Tooltip/Tooltip";
import { useToast } from "../../components/Toaster/useToast";
import { Button } from "../../components/ui/Button";
import type { CombinedAnalysis_query$key } from "./__generated__/CombinedAnalysis_query.graphql";

interface CombinedAnalysisProps {
  query: CombinedAnalysis_query$key;
  values: ScreenFormValues;
  onValuesChange: Dispatch<SetStateAction<ScreenFormValues>>;
  run: CombinedScreenRun;
  /** A first visit with Pro access runs the form's screen once (see useFirstVisitRun). */
  firstVisitRun?: { sessionKey: string; enabled: boolean };
}

const RUN_LABEL = "Run Combined Analysis";

/**
 * The combined (60% technical + 40% news sentiment) screen, on /combined-screener and the
 * Combined Analysis tab (spec §2): the form and graded results for Pro users; for everyone else
 * the same form blurred under the Pro overlay, the 'Pro Feature Required' toast if they try to
 * run, and the plans.
 */
export function CombinedAnalysis({ query, values, onValuesChange, run, firstVisitRun }: CombinedAnalysisProps) {
  const data = useFragment(
    graphql`
      fragment CombinedAnalysis_query on Query {
        ...ScreenForm_query
        screenMethodology {
          ...ScoreHelp_methodology
        }
        viewer {
          ...useProAccess_viewer
          ...PricingCards_viewer
          ...SavedScreens_viewer
        }
      }
    `,
    query,
  );
  const hasProAccess = useProAccess(data.viewer);
  const firstInput = useMemo(() => checkScreenForm(values).input, [values]);
  useFirstVisitRun({
    input: firstInput,
    run,
    sessionKey: firstVisitRun?.sessionKey ?? "",
    enabled: hasProAccess && !!firstVisitRun?.enabled,
    hasStoredRun: false,
  });
  const { toast } = useToast();
  const plansTitleId = useId();
  const blockRun = () => toast(PRO_REQUIRED_TOAST);

  if (hasProAccess) {
    return (
      <ScreenWorkspace>
        <ScreenControls
          query={data}
          viewer={data.viewer}
          kind="COMBINED"
          values={values}
          onValuesChange={onValuesChange}
          onRun={run.run}
          running={run.pending}
          runLabel={RUN_LABEL}
          label="Combined analysis parameters"
        />
        <ResultsPane run={run}>
          {run.pending ? (
            <CombinedResultsSkeleton />
          ) : run.result ? (
            <RunResultsBoundary>
              <CombinedRunResults queryRef={run.result} methodology={data.screenMethodology} canAddToWatchlist={!!data.viewer} />
            </RunResultsBoundary>
          ) : (
            <NoResultsYet>Choose a universe and filters, then run the analysis. Every match appears here, graded A to D.</NoResultsYet>
          )}
        </ResultsPane>
      </ScreenWorkspace>
    );
  }

  return (
    <Locked>
      <ProFeatureOverlay
        title="Unlock the Combined Screener"
        description="Rank stocks by 60% technical and 40% news-sentiment score, graded A to D, with beta, RSI and news-sentiment filters."
        preview={
          <ScreenWorkspace>
            <ScreenSidebar>
              <ScreenForm
                query={data}
                values={values}
                onChange={onValuesChange}
                onRun={blockRun}
                running={false}
                runLabel={RUN_LABEL}
                label="Combined analysis parameters"
              />
            </ScreenSidebar>
            <CombinedResultsSkeleton locked />
          </ScreenWorkspace>
        }
      />
      <TryRun>
        <Button type="button" onClick={blockRun}>
          {RUN_LABEL}
        </Button>
        <FieldHint>Combined analysis is part of Pro.</FieldHint>
      </TryRun>
      <section aria-labelledby={plansTitleId}>
        <PlansTitle id={plansTitleId}>Choose your plan</PlansTitle>
        <PricingCards viewer={data.viewer} headingLevel={3} />
      </section>
    </Locked>
  );
}

function CombinedRunResults({
  queryRef,
  methodology,
  canAddToWatchlist,
}: {
  queryRef: PreloadedQuery<useScreenRunCombinedQuery>;
  methodology: ScoreMethodologyKey;
  canAddToWatchlist: boolean;
}) {
  const { combinedScreen } = usePreloadedQuery<useScreenRunCombinedQuery>(CombinedScreenRunQuery, queryRef);
  return (
    <TooltipGroup>
      <CombinedScreenResults result={combinedScreen} methodology={methodology} canAddToWatchlist={canAddToWatchlist} />
    </TooltipGroup>
  );
}

const Locked = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const TryRun = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
`;

const PlansTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  margin-bottom: ${({ theme }) => theme.space.md};
`;
