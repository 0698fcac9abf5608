import { graphql, usePreloadedQuery } from "react-relay";
import { useSearchParams } from "react-router-dom";
import { AsOfLine } from "../../components/AsOfControl/AsOfLine";
import { useAsOf } from "../../components/AsOfControl/useAsOf";
import { PricingCards } from "../../components/PricingCards/PricingCards";
import { useProAccess } from "../../components/ProFeatureOverlay/useProAccess";
import { screenSessionKey, useScreenFormSession } from "../../components/ScreenForm/screenSession";
import { useBasicScreenRun, useCombinedScreenRun } from "../../components/ScreenForm/useScreenRun";
import { Tabs, type TabDefinition } from "../../components/Tabs/Tabs";
import { Lead, PageHeading, PageSection, WideContainer } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { CombinedAnalysis } from "../CombinedScreener/CombinedAnalysis";
import { BasicScreener } from "./BasicScreener";
import type { ScreenerPageQuery as ScreenerPageQueryType } from "./__generated__/ScreenerPageQuery.graphql";
import { useRouteQuery } from "../../routing/routeQueries";

export const ScreenerPageQuery = graphql`
  query ScreenerPageQuery {
    viewer {
      id
      ...PricingCards_viewer
      ...useProAccess_viewer
    }
    ...BasicScreener_query
    ...CombinedAnalysis_query
  }
`;

type TabId = "basic" | "combined" | "upgrade";

/** The tab named by ?tab= among those shown (Basic Screener when absent, unknown or not shown). */
function tabOf(params: URLSearchParams, shown: readonly TabId[]): TabId {
  const tab = params.get("tab");
  return shown.find((id) => id === tab) ?? "basic";
}

/**
 * /screener (spec §2): three tabs — Basic Screener (default), Combined Analysis and Upgrade to
 * Pro (not for Pro users: they never see an upgrade prompt) — with the tab in the URL. Each tab's form and last run live here, so switching tabs keeps them,
 * and in the screen session, so leaving for a stock page and coming back keeps them too.
 */
export default function ScreenerPage() {
  useDocumentTitle("Basic Screener");
  const data = usePreloadedQuery<ScreenerPageQueryType>(ScreenerPageQuery, useRouteQuery<ScreenerPageQueryType>());
  const [searchParams, setSearchParams] = useSearchParams();
  const basicKey = screenSessionKey("basic", data.viewer?.id);
  const combinedKey = screenSessionKey("combined", data.viewer?.id);
  const [basicValues, setBasicValues] = useScreenFormSession(basicKey);
  const [combinedValues, setCombinedValues] = useScreenFormSession(combinedKey);
  const { asOf } = useAsOf();
  const basicRun = useBasicScreenRun(basicKey, asOf);
  const combinedRun = useCombinedScreenRun(combinedKey, asOf);
  const hasProAccess = useProAccess(data.viewer);

  // Pro users never see an upgrade prompt.
  const tabs = ([
    {
      id: "basic",
      label: "Basic Screener",
      content: (
        <BasicScreener
          query={data}
          values={basicValues}
          onValuesChange={setBasicValues}
          run={basicRun}
          asOf={asOf}
          runOnFirstVisit={asOf !== null}
          sessionKey={basicKey}
        />
      ),
    },
    {
      id: "combined",
      label: "Combined Analysis",
      content: <CombinedAnalysis query={data} values={combinedValues} onValuesChange={setCombinedValues} run={combinedRun} />,
    },
    { id: "upgrade", label: "Upgrade to Pro", content: <PricingCards viewer={data.viewer} headingLevel={2} /> },
  ] satisfies TabDefinition<TabId>[]).filter((tab) => tab.id !== "upgrade" || !hasProAccess);
  const selectTab = (tab: TabId) => setSearchParams(tab === "basic" ? {} : { tab }, { replace: true });

  return (
    <WideContainer>
      <PageSection>
        <div>
          <PageHeading>Basic Screener</PageHeading>
          <Lead>
            Screen a universe of stocks on moving averages, RSI, liquidity, beta and news sentiment, then export the results.
          </Lead>
          <AsOfLine />
        </div>
        <Tabs
          label="Screener views"
          selected={tabOf(searchParams, tabs.map((tab) => tab.id))}
          onSelect={selectTab}
          tabs={tabs}
        />
      </PageSection>
    </WideContainer>
  );
}
