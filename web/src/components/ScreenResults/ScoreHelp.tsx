import { graphql, useFragment } from "react-relay";
import type { ScoreHelp_methodology$data, ScoreHelp_methodology$key } from "./__generated__/ScoreHelp_methodology.graphql";

export type ScoreMethodologyKey = ScoreHelp_methodology$key;
export type ScoreMethodology = ScoreHelp_methodology$data;

/** The server's own wording of how scores are computed (Query.screenMethodology), shown on hover of the score headers. */
export function useScoreMethodology(methodology: ScoreMethodologyKey): ScoreMethodology {
  return useFragment(
    graphql`
      fragment ScoreHelp_methodology on ScreenMethodology {
        technicalScoreFormula
        momentumRule
        combinedScoreFormula
        gradeThresholds
      }
    `,
    methodology,
  );
}
