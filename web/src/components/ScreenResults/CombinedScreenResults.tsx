import { graphql, useFragment } from "react-relay";
import type { ReactNode } from "react";
import styled, { css, type DefaultTheme } from "styled-components";
import { Notice } from "../Notice/Notice";
import { ScreenBacktest } from "../ScreenBacktest/ScreenBacktest";
import { formatScore } from "../SentimentBadge/sentiment";
import { SkeletonBar } from "../Skeleton/Skeleton";
import { Tooltip } from "../Tooltip/Tooltip";
import { VisuallyHidden } from "../ui/Layout";
import { formatInteger, formatPoints, formatPrice, MISSING } from "./format";
import { MomentumBadge } from "./MomentumBadge";
import { MatchCount, ResultsSection, ResultsTable, ResultsTableScroll } from "./resultsStyles";
import { useScoreMethodology, type ScoreMethodologyKey } from "./ScoreHelp";
import { ScreenSummary } from "./ScreenSummary";
import { TickerCell } from "./TickerCell";
import { ToneLegend } from "./ToneLegend";
import { ToneValue } from "./ToneValue";
import { COMBINED_SENTIMENT_THRESHOLDS, sentimentCellTone, technicalScoreCellTone } from "./tones";
import type { CombinedScreenResults_result$key } from "./__generated__/CombinedScreenResults_result.graphql";

/** Spec §9: the combined table shows the first 10 rows. */
export const COMBINED_ROWS_SHOWN = 10;

const HEADERS = ["Ticker", "Price", "Grade", "Combined Score", "Tech Score", "Sentiment", "News", "Crossover", "Momentum"] as const;

interface CombinedScreenResultsProps {
  /** A CombinedScreenResult spreading `...CombinedScreenResults_result` (Query.combinedScreen). */
  result: CombinedScreenResults_result$key;
  /** Query.screenMethodology spreading `...ScoreHelp_methodology`: the formulas shown on hover of the headers. */
  methodology: ScoreMethodologyKey;
}

/** Combined (technical 60% + sentiment 40%) results: KPI tiles, source, warnings and the top 10 graded rows. */
export function CombinedScreenResults({ result, methodology }: CombinedScreenResultsProps) {
  const data = useFragment(
    graphql`
      fragment CombinedScreenResults_result on CombinedScreenResult {
        ...ScreenSummary_result
        ...ScreenBacktest_result
        gradeCounts {
          a
          b
          c
          d
        }
        rows(first: 10) {
          totalCount
          edges {
            node {
              ticker
              name
              price
              grade
              combinedScore
              technicalScore
              sentimentScore
              newsCount
              crossover
              momentum
            }
          }
        }
      }
    `,
    result,
  );
  const { combinedScoreFormula, gradeThresholds, technicalScoreFormula, momentumRule } = useScoreMethodology(methodology);
  const rows = data.rows.edges.slice(0, COMBINED_ROWS_SHOWN).map((edge) => edge.node);
  const { totalCount } = data.rows;
  const help: Partial<Record<(typeof HEADERS)[number], string>> = {
    Grade: gradeThresholds,
    "Combined Score": combinedScoreFormula,
    "Tech Score": technicalScoreFormula,
    Momentum: momentumRule,
  };

  return (
    <ResultsSection aria-label="Combined analysis results">
      <ScreenSummary result={data} />
      {rows.length === 0 ? (
        <Notice title="No stocks matched">
          <p>No stock in this universe passed every filter. Widen a range or drop a required condition, and run again.</p>
        </Notice>
      ) : (
        <>
          <MatchCount>
            {totalCount > rows.length
              ? `Top ${rows.length} of ${formatInteger(totalCount)} matches, by combined score`
              : `${formatInteger(totalCount)} ${totalCount === 1 ? "match" : "matches"}, by combined score`}
          </MatchCount>
          <GradeSpread aria-label="Grades of all matches">
            Grades of all {formatInteger(totalCount)}:{" "}
            {(["a", "b", "c", "d"] as const).map((grade) => (
              <span key={grade}>
                <GradeBadge $grade={grade.toUpperCase()}>{grade.toUpperCase()}</GradeBadge> {formatInteger(data.gradeCounts[grade])}
              </span>
            ))}
          </GradeSpread>
          <CombinedTable headers={HEADERS} help={help}>
            {rows.map((row) => (
              <tr key={row.ticker}>
                <TickerCell ticker={row.ticker} name={row.name} />
                <td data-align="end">{formatPrice(row.price)}</td>
                <td>
                  <GradeBadge $grade={row.grade} aria-label={`Grade ${row.grade}`}>
                    {row.grade}
                  </GradeBadge>
                </td>
                <td data-align="end">
                  <strong>{formatPoints(row.combinedScore)}</strong>
                </td>
                <td data-align="end">
                  <ToneValue tone={technicalScoreCellTone(row.technicalScore)}>{formatPoints(row.technicalScore)}</ToneValue>
                </td>
                <td data-align="end">
                  {row.sentimentScore == null ? (
                    <Muted title="No news from the chosen sources in the window">{MISSING}</Muted>
                  ) : (
                    <ToneValue tone={sentimentCellTone(row.sentimentScore, COMBINED_SENTIMENT_THRESHOLDS)}>{formatScore(row.sentimentScore)}</ToneValue>
                  )}
                </td>
                <td data-align="end">{formatInteger(row.newsCount)}</td>
                <td>
                  {row.crossover ? (
                    <Crossover>
                      <span aria-hidden="true">✓ </span>Yes
                    </Crossover>
                  ) : (
                    <Muted>No</Muted>
                  )}
                </td>
                <td>
                  <MomentumBadge momentum={row.momentum} />
                </td>
              </tr>
            ))}
          </CombinedTable>
          <ToneLegend sentiment={COMBINED_SENTIMENT_THRESHOLDS} showRsi={false} />
          <ScreenBacktest result={data} />
        </>
      )}
    </ResultsSection>
  );
}

/** Five skeleton rows under the combined table's headers while a run is pending (spec §2). */
export function CombinedResultsSkeleton() {
  return (
    <ResultsSection aria-busy="true" aria-label="Combined analysis results">
      <VisuallyHidden role="status">Running combined analysis…</VisuallyHidden>
      <CombinedTable headers={HEADERS}>
        {Array.from({ length: 5 }, (_, index) => (
          <tr key={index} data-testid="skeleton-row">
            {HEADERS.map((header) => (
              <td key={header}>
                <SkeletonBar $width={header === "Ticker" ? "70%" : "55%"} />
              </td>
            ))}
          </tr>
        ))}
      </CombinedTable>
    </ResultsSection>
  );
}

function CombinedTable({
  headers,
  help = {},
  children,
}: {
  headers: readonly string[];
  help?: Partial<Record<string, string>>;
  children: ReactNode;
}) {
  return (
    <ResultsTableScroll>
      <ResultsTable $minWidth={760} $cellPadding={10}>
        <thead>
          <tr>
            {headers.map((header) => {
              const text = help[header];
              return (
                <th key={header} scope="col">
                  {text ? (
                    <Tooltip content={text}>
                      <HelpLabel tabIndex={0}>{header}</HelpLabel>
                    </Tooltip>
                  ) : (
                    header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </ResultsTable>
    </ResultsTableScroll>
  );
}

const gradeColor = (theme: DefaultTheme, grade: string) =>
  grade === "A" ? theme.colors.success : grade === "B" ? theme.colors.primary : grade === "C" ? theme.colors.premium : theme.colors.danger;

const HelpLabel = styled.span`
  text-decoration: underline dotted;
  text-underline-offset: 3px;
  cursor: help;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; border-radius: 4px; }
`;

const GradeBadge = styled.span<{ $grade: string }>`
  display: inline-grid;
  place-items: center;
  width: 28px;
  height: 28px;
  border-radius: 50%;
  font-weight: 800;
  ${({ theme, $grade }) => {
    const color = gradeColor(theme, $grade);
    return css`
      color: ${color};
      background: color-mix(in srgb, ${color} 14%, ${theme.colors.surface});
      border: 1px solid color-mix(in srgb, ${color} 45%, ${theme.colors.border});
    `;
  }}
`;

const Crossover = styled.span`
  color: ${({ theme }) => theme.colors.success};
  font-weight: 650;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const GradeSpread = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  span { display: inline-flex; align-items: center; gap: 4px; color: ${({ theme }) => theme.colors.text}; }
`;
