import type { ReactNode } from "react";
import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { formatCompact, formatDecimal, formatInteger, formatMarketDate, formatPoints, formatPrice } from "../../components/ScreenResults/format";
import { MomentumBadge } from "../../components/ScreenResults/MomentumBadge";
import { ToneValue } from "../../components/ScreenResults/ToneValue";
import { rsiCellTone, technicalScoreCellTone } from "../../components/ScreenResults/tones";
import { Tooltip, TooltipGroup } from "../../components/Tooltip/Tooltip";
import { FigureList, FigureNote, FigurePanel, MutedFigure } from "./figureCard";
import type { StockFigures_technicals$key } from "./__generated__/StockFigures_technicals.graphql";

interface StockFiguresProps {
  technicals: StockFigures_technicals$key;
  technicalScoreFormula: string;
  momentumRule: string;
}

/** The stock's indicators at its latest bar, each with its unit, and where P/E and earnings dates come from. */
export function StockFigures({ technicals, technicalScoreFormula, momentumRule }: StockFiguresProps) {
  const data = useFragment(
    graphql`
      fragment StockFigures_technicals on StockTechnicals {
        asOf
        close
        volume
        sma5
        sma20
        sma50
        rsi14
        avgVolume20
        beta60
        betaProxy
        maCondition
        lastCrossUpDate
        momentum
        technicalScore
        peRatio
        peSource
        nextEarningsDate
        daysToEarnings
      }
    `,
    technicals,
  );

  return (
    <TooltipGroup>
      <FigurePanel aria-labelledby="key-figures-title">
        <h2 id="key-figures-title">Key figures</h2>
        <FigureList>
          <Figure label="Price" note={`Close on ${formatMarketDate(data.asOf)}`}>
            {formatPrice(data.close)}
          </Figure>
          <Figure label="SMA 5">{formatDecimal(data.sma5)}</Figure>
          <Figure label="SMA 20">{formatDecimal(data.sma20)}</Figure>
          <Figure label="SMA 50">{formatDecimal(data.sma50)}</Figure>
          <Figure
            label="SMA 5 over SMA 20"
            note={data.lastCrossUpDate ? `Last crossed above on ${formatMarketDate(data.lastCrossUpDate)}` : undefined}
          >
            {data.maCondition ? "Yes" : "No"}
          </Figure>
          <Figure label="RSI 14">
            <ToneValue tone={rsiCellTone(data.rsi14)}>{formatDecimal(data.rsi14, 1)}</ToneValue>
          </Figure>
          <Figure label="Volume" note={data.volume == null ? undefined : `${formatInteger(data.volume)} shares`}>
            {formatCompact(data.volume)}
          </Figure>
          <Figure label="Avg volume (20 days)" note={data.avgVolume20 == null ? undefined : `${formatInteger(data.avgVolume20)} shares`}>
            {formatCompact(data.avgVolume20)}
          </Figure>
          <Figure label="Beta (60 days)" note={data.betaProxy ? `Against ${data.betaProxy}` : undefined}>
            {formatDecimal(data.beta60, 2)}
          </Figure>
          <Figure label={<HelpLabel help={momentumRule}>Momentum</HelpLabel>}>
            <MomentumBadge momentum={data.momentum} />
          </Figure>
          <Figure label={<HelpLabel help={technicalScoreFormula}>Technical score</HelpLabel>} note="0–100">
            <ToneValue tone={technicalScoreCellTone(data.technicalScore)}>{formatPoints(data.technicalScore)}</ToneValue>
          </Figure>
          <Figure label="P/E" note={data.peSource ?? undefined}>
            {formatDecimal(data.peRatio, 1)}
          </Figure>
          <Figure
            label="Next earnings"
            note={
              data.daysToEarnings == null
                ? undefined
                : data.daysToEarnings === 0
                  ? "Today"
                  : `In ${data.daysToEarnings} ${data.daysToEarnings === 1 ? "day" : "days"}`
            }
          >
            {data.nextEarningsDate ? formatMarketDate(data.nextEarningsDate) : <MutedFigure>No date in the data</MutedFigure>}
          </Figure>
        </FigureList>
      </FigurePanel>
    </TooltipGroup>
  );
}

function Figure({ label, note, children }: { label: ReactNode; note?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {children}
        {note ? <FigureNote>{note}</FigureNote> : null}
      </dd>
    </div>
  );
}

/** A label that explains itself on hover or focus. */
function HelpLabel({ help, children }: { help: string; children: string }) {
  return (
    <Tooltip content={help}>
      <Help tabIndex={0}>{children}</Help>
    </Tooltip>
  );
}

const Help = styled.span`
  text-decoration: underline dotted;
  text-underline-offset: 3px;
  cursor: help;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; border-radius: 4px; }
`;
