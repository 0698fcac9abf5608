import { graphql, useFragment } from "react-relay";
import { formatInteger } from "../ScreenResults/format";
import { formatShare } from "../AiPicks/format";
import { Note } from "../AiPicks/styles";
import { DetailList } from "../ui/Layout";
import type { EarningsSkillSummary_skill$key } from "./__generated__/EarningsSkillSummary_skill.graphql";

/** The model's measured skill (walk-forward over the bundled reports) with the method in plain words. */
export function EarningsSkillSummary({ skill, compact = false }: { skill: EarningsSkillSummary_skill$key | null | undefined; compact?: boolean }) {
  const data = useFragment(
    graphql`
      fragment EarningsSkillSummary_skill on EarningsModelSkill {
        modelVersion
        reports
        baseRate
        brierModel
        brierBaseRate
        brierSkillScore
        ece
        auc
        firstReport
        lastReport
        method
      }
    `,
    skill,
  );
  if (!data) return <Note>The model's evaluation is not stored yet.</Note>;
  const verdict = data.brierSkillScore > 0 ? "better than always guessing the base rate" : "no better than always guessing the base rate";
  if (compact) {
    return (
      <Note>
        Measured on {formatInteger(data.reports)} past reports it had not seen: Brier skill score {data.brierSkillScore.toFixed(3)} ({verdict}),
        calibration error (ECE) {data.ece.toFixed(3)}.
      </Note>
    );
  }
  return (
    <div>
      <DetailList>
        <div>
          <dt>Reports scored (n)</dt>
          <dd>
            {formatInteger(data.reports)} ({data.firstReport} to {data.lastReport})
          </dd>
        </div>
        <div>
          <dt>Share that beat (base rate)</dt>
          <dd>{formatShare(data.baseRate)}</dd>
        </div>
        <div>
          <dt>Brier score: model vs constant base rate</dt>
          <dd>
            {data.brierModel.toFixed(4)} vs {data.brierBaseRate.toFixed(4)}
          </dd>
        </div>
        <div>
          <dt>Brier skill score</dt>
          <dd>{data.brierSkillScore.toFixed(3)}</dd>
        </div>
        <div>
          <dt>Expected calibration error (ECE)</dt>
          <dd>{data.ece.toFixed(3)}</dd>
        </div>
        <div>
          <dt>AUC (0.5 = chance)</dt>
          <dd>{data.auc.toFixed(3)}</dd>
        </div>
      </DetailList>
      <Note>
        {data.method} Result: {verdict}. The edge is small: about {formatShare(data.baseRate)} of reports beat, so always guessing that is hard
        to improve on. Model {data.modelVersion}.
      </Note>
    </div>
  );
}
