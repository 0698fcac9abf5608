import { Suspense, useEffect } from "react";
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from "react-relay";
import { ErrorBoundary } from "../../components/ErrorBoundary/ErrorBoundary";
import { formatDate } from "../../components/PlanSummary/PlanSummary";
import { SkeletonBar } from "../../components/Skeleton/Skeleton";
import type { ProSinceQuery as ProSinceQueryType } from "./__generated__/ProSinceQuery.graphql";

export const ProSinceQuery = graphql`
  query ProSinceQuery {
    viewer {
      id
      proSince
    }
  }
`;

const loading = <SkeletonBar $width="8em" role="status" aria-label="Loading" />;

/**
 * viewer.proSince is a Pro field: selecting it without Pro is an error, so it has its
 * own query, started only when a Pro user's plan is on screen, and the page never
 * depends on it. (Loaded from an effect, not during render: React 19 can remount a
 * suspended subtree, and a render-time fetch would then start over each time.)
 */
export function ProSince() {
  const [queryRef, loadProSince] = useQueryLoader<ProSinceQueryType>(ProSinceQuery);
  useEffect(() => {
    loadProSince({}, { fetchPolicy: "store-or-network" });
  }, [loadProSince]);

  if (!queryRef) return loading;
  return (
    <ErrorBoundary fallback="N/A">
      <Suspense fallback={loading}>
        <ProSinceDate queryRef={queryRef} />
      </Suspense>
    </ErrorBoundary>
  );
}

function ProSinceDate({ queryRef }: { queryRef: PreloadedQuery<ProSinceQueryType> }) {
  const { viewer } = usePreloadedQuery<ProSinceQueryType>(ProSinceQuery, queryRef);
  return <>{formatDate(viewer?.proSince)}</>;
}
