import { graphql, useFragment } from "react-relay";
import { formatInteger } from "../ScreenResults/format";
import { formatShare, formatSigned } from "../AiPicks/format";
import { Note } from "../AiPicks/styles";
import { DetailList } from "../ui/Layout";
import type { EarningsSkillSummary_skill$data, EarningsSkillSummary_skill$key } from "./__generated__/EarningsSkillSummary_skill.graphql";

/** The verdict follows the interval, not the point estimate: a positive score within chance is no proven edge. */
function skillVerdict(skill: EarningsSkillSummary_skill$data): string {
  if (skill.skillSignificant) return skill.brierSkillScore > 0 ? "better than always guessing the base rate" : "worse than always guessing the base rate";
  return skill.brierSkillScore > 0 ? "not measurably better than always guessing the base rate" : "no better than always guessing the base rate";
}

/** "95 % interval −0.009 to +0.028", or null when none is stored (under 3 months scored). */
function skillInterval(skill: EarningsSkillSummary_skill$data): string | null {
  if (skill.brierSkillLow == null || skill.brierSkillHigh == null) return null;
  return `95 % interval ${formatSigned(skill.brierSkillLow, 3)} to ${formatSigned(skill.brierSkillHigh, 3)}`;
}

/** "+0.010 (95 % interval −0.009 to +0.028) — not significant". */
function formatSkill(skill: EarningsSkillSummary_skill$data): string {
  const score = formatSigned(skill.brierSkillScore, 3);
  const interval = skillInterval(skill);
  return interval ? `${score} (${interval}) — ${skill.skillSignificant ? "significant" : "not significant"}` : score;
}

/** "82.6 % · always 'beat' 82.9 %", then the difference's interval in percentage points when stored. */
function formatAccuracy(skill: EarningsSkillSummary_skill$data): string {
  const accuracy = `${formatShare(skill.accuracy)} · always 'beat' ${formatShare(skill.alwaysBeatAccuracy)}`;
  if (skill.accuracyGainLow == null || skill.accuracyGainHigh == null) return accuracy;
  const points = (fraction: number) => formatSigned(fraction * 100, 1);
  return `${accuracy} (difference ${points(skill.accuracy - skill.alwaysBeatAccuracy)} points, 95 % interval ${points(skill.accuracyGainLow)} to ${points(skill.accuracyGainHigh)})`;
}

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
        brierSkillLow
        brierSkillHigh
        skillSignificant
        accuracy
        alwaysBeatAccuracy
        accuracyGainLow
        accuracyGainHigh
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
  const verdict = skillVerdict(data);
  if (compact) {
    const skillDetail = [skillInterval(data), verdict].filter(Boolean).join(": ");
    return (
      <Note>
        Measured on {formatInteger(data.reports)} past reports it had not seen: Brier skill score {formatSigned(data.brierSkillScore, 3)} ({skillDetail}),
        accuracy {formatShare(data.accuracy)} against {formatShare(data.alwaysBeatAccuracy)} for always calling a beat, calibration error (ECE){" "}
        {data.ece.toFixed(3)}.
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
          <dd>{formatSkill(data)}</dd>
        </div>
        <div>
          <dt>Accuracy (0.5 or more calls a beat)</dt>
          <dd>{formatAccuracy(data)}</dd>
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
        to improve on. The 95 % intervals resample whole calendar months in blocks, as reports of the same season are not independent. Model{" "}
        {data.modelVersion}.
      </Note>
    </div>
  );
}
