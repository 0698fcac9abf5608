import { useState } from "react";
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { useLoaderData, useSearchParams, type ShouldRevalidateFunction } from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import { AsOfLine } from "../../components/AsOfControl/AsOfLine";
import { useAsOf } from "../../components/AsOfControl/useAsOf";
import { PricingCards } from "../../components/PricingCards/PricingCards";
import { screenSessionKey, useScreenFormSession } from "../../components/ScreenForm/screenSession";
import { useBasicScreenRun, useCombinedScreenRun } from "../../components/ScreenForm/useScreenRun";
import { Tabs } from "../../components/Tabs/Tabs";
import { Lead, PageHeading, PageSection, WideContainer } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { CombinedAnalysis } from "../CombinedScreener/CombinedAnalysis";
import { BasicScreener } from "./BasicScreener";
import type { ScreenerPageQuery as ScreenerPageQueryType } from "./__generated__/ScreenerPageQuery.graphql";

export const ScreenerPageQuery = graphql`
  query ScreenerPageQuery {
    viewer {
      id
      ...PricingCards_viewer
    }
    ...BasicScreener_query
    ...CombinedAnalysis_query
  }
`;

export interface ScreenerLoaderData {
  queryRef: PreloadedQuery<ScreenerPageQueryType>;
}

export function loader(environment: IEnvironment): ScreenerLoaderData {
  return { queryRef: loadQuery<ScreenerPageQueryType>(environment, ScreenerPageQuery, {}, { fetchPolicy: "store-and-network" }) };
}

/** Switching tabs changes only ?tab=: the page's data stays, so the loader need not fetch it again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

const TAB_IDS = ["basic", "combined", "upgrade"] as const;
type TabId = (typeof TAB_IDS)[number];

/** The tab named by ?tab= (Basic Screener when absent or unknown). */
function tabOf(params: URLSearchParams): TabId {
  const tab = params.get("tab");
  return TAB_IDS.find((id) => id === tab) ?? "basic";
}

/**
 * /screener (spec §2): three tabs — Basic Screener (default), Combined Analysis and Upgrade to
 * Pro — with the tab in the URL. Each tab's form and last run live here, so switching tabs keeps them,
 * and in the screen session, so leaving for a stock page and coming back keeps them too.
 */
export default function ScreenerPage() {
  useDocumentTitle("Basic Screener");
  const { queryRef: loaderRef } = useLoaderData() as ScreenerLoaderData;
  // Should the router run the loader again (a tab change, before routes.tsx honours shouldRevalidate), keep the first query.
  const [queryRef] = useState(loaderRef);
  const data = usePreloadedQuery<ScreenerPageQueryType>(ScreenerPageQuery, queryRef);
  const [searchParams, setSearchParams] = useSearchParams();
  const basicKey = screenSessionKey("basic", data.viewer?.id);
  const combinedKey = screenSessionKey("combined", data.viewer?.id);
  const [basicValues, setBasicValues] = useScreenFormSession(basicKey);
  const [combinedValues, setCombinedValues] = useScreenFormSession(combinedKey);
  const { asOf } = useAsOf();
  const basicRun = useBasicScreenRun(basicKey, asOf);
  const combinedRun = useCombinedScreenRun(combinedKey, asOf);

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
          selected={tabOf(searchParams)}
          onSelect={selectTab}
          tabs={[
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
          ]}
        />
      </PageSection>
    </WideContainer>
  );
}
