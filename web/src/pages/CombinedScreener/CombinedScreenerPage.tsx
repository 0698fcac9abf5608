import { graphql, usePreloadedQuery } from "react-relay";
import { AsOfLine } from "../../components/AsOfControl/AsOfLine";
import { useAsOf } from "../../components/AsOfControl/useAsOf";
import { screenSessionKey, useScreenFormSession } from "../../components/ScreenForm/screenSession";
import { useCombinedScreenRun } from "../../components/ScreenForm/useScreenRun";
import { Lead, PageHeading, PageSection, WideContainer } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { CombinedAnalysis } from "./CombinedAnalysis";
import type { CombinedScreenerPageQuery as CombinedScreenerPageQueryType } from "./__generated__/CombinedScreenerPageQuery.graphql";
import { useRouteQuery } from "../../routing/routeQueries";

export const CombinedScreenerPageQuery = graphql`
  query CombinedScreenerPageQuery {
    viewer {
      id
    }
    ...CombinedAnalysis_query
  }
`;

const TITLE = "Combined Screener";

/**
 * /combined-screener (spec §2): the form for Pro users; others see it blurred under the Pro overlay,
 * then the plans. The form and last run are the screener's Combined Analysis tab's, kept in the screen session.
 */
export default function CombinedScreenerPage() {
  useDocumentTitle(TITLE);
  const queryRef = useRouteQuery<CombinedScreenerPageQueryType>();
  const data = usePreloadedQuery<CombinedScreenerPageQueryType>(CombinedScreenerPageQuery, queryRef);
  const sessionKey = screenSessionKey("combined", data.viewer?.id);
  const [values, setValues] = useScreenFormSession(sessionKey);
  const { asOf } = useAsOf();
  const run = useCombinedScreenRun(sessionKey, asOf);

  return (
    <WideContainer>
      <PageSection>
        <div>
          <PageHeading>{TITLE}</PageHeading>
          <Lead>Technical and news-sentiment signals combined into one graded score (A to D).</Lead>
          <AsOfLine />
        </div>
        <CombinedAnalysis
          query={data}
          values={values}
          onValuesChange={setValues}
          run={run}
          firstVisitRun={{ sessionKey, enabled: asOf !== null }}
        />
      </PageSection>
    </WideContainer>
  );
}
