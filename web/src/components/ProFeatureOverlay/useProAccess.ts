import { graphql, useFragment } from "react-relay";
import type { useProAccess_viewer$key } from "./__generated__/useProAccess_viewer.graphql";

/**
 * Whether the signed-in user has Pro access (false for a visitor). Decides what a
 * Pro screen shows; the server enforces the same rule on every Pro field.
 */
export function useProAccess(viewer: useProAccess_viewer$key | null | undefined): boolean {
  const user = useFragment(
    graphql`
      fragment useProAccess_viewer on Viewer {
        plan {
          hasProAccess
        }
      }
    `,
    viewer,
  );
  return user?.plan.hasProAccess ?? false;
}
