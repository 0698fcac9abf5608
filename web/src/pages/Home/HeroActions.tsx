import { graphql, useFragment } from "react-relay";
import { ButtonLink } from "../../components/ui/Button";
import type { HeroActions_viewer$key } from "./__generated__/HeroActions_viewer.graphql";

/** The hero's buttons (spec §2 Home): Access Screener when signed in; otherwise start a trial or sign in. */
export function HeroActions({ viewer }: { viewer: HeroActions_viewer$key | null }) {
  const user = useFragment(
    graphql`
      fragment HeroActions_viewer on Viewer {
        id
      }
    `,
    viewer,
  );

  if (user) {
    return (
      <ButtonLink to="/screener" $size="lg">
        Access Screener
      </ButtonLink>
    );
  }
  return (
    <>
      <ButtonLink to="/auth" $size="lg">
        Start Free Trial (7 Days)
      </ButtonLink>
      <ButtonLink to="/auth?tab=signin" $size="lg" $variant="secondary">
        Sign In
      </ButtonLink>
    </>
  );
}
