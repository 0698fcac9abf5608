import styled from "styled-components";
import { formatScore } from "../SentimentBadge/sentiment";
import { ToneValue } from "./ToneValue";
import {
  RSI_OVERBOUGHT_ABOVE,
  RSI_OVERSOLD_BELOW,
  TECHNICAL_SCORE_GOOD_ABOVE,
  TECHNICAL_SCORE_STRONG_ABOVE,
  type SentimentThresholds,
} from "./tones";

/** What the colours and marks in a results table mean (spec §5 thresholds). */
export function ToneLegend({ sentiment, showRsi = true }: { sentiment: SentimentThresholds; showRsi?: boolean }) {
  return (
    <Legend aria-label="Colour key">
      <li>
        Sentiment: <ToneValue tone="positive">{`above ${formatScore(sentiment.positiveAbove)}`}</ToneValue>,{" "}
        <ToneValue tone="negative">{`below ${formatScore(sentiment.negativeBelow)}`}</ToneValue>
      </li>
      {showRsi ? (
        <li>
          RSI: <ToneValue tone="overbought">{`above ${RSI_OVERBOUGHT_ABOVE}`}</ToneValue>,{" "}
          <ToneValue tone="oversold">{`below ${RSI_OVERSOLD_BELOW}`}</ToneValue>
        </li>
      ) : null}
      <li>
        Tech score: <ToneValue tone="strong">{`above ${TECHNICAL_SCORE_STRONG_ABOVE}`}</ToneValue>,{" "}
        <ToneValue tone="good">{`above ${TECHNICAL_SCORE_GOOD_ABOVE}`}</ToneValue>
      </li>
    </Legend>
  );
}

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;
