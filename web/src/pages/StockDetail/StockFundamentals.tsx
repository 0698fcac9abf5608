import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { formatDecimal, formatInteger, formatMarketDate } from "../../components/ScreenResults/format";
import { ESTIMATE_NOTE, FUNDAMENTAL_FIGURES, readFundamentalFigures, type FundamentalFigureValues } from "../../components/Fundamentals/fundamentalFigures";
import { FigureList, FigureNote, FigurePanel, MutedFigure } from "./figureCard";
import type { StockFundamentals_fundamentals$key } from "./__generated__/StockFundamentals_fundamentals.graphql";

type Figure = FundamentalFigureValues["marketCap"];

/**
 * The fundamentals known on the view's day: each figure from the last 10-K known then, valued at
 * that day's close, or why it is unknown. Figures built on market cap say they are estimates.
 */
export function StockFundamentals({ fundamentals }: { fundamentals: StockFundamentals_fundamentals$key }) {
  const data = useFragment(
    graphql`
      fragment StockFundamentals_fundamentals on StockFundamentals {
        close
        ...fundamentalFigures_fundamentals
      }
    `,
    fundamentals,
  );
  const figures = readFundamentalFigures(data);
  return (
    <FigurePanel aria-labelledby="fundamentals-title">
      <h2 id="fundamentals-title">Fundamentals</h2>
      <Source>
        {figures.source
          ? `As known on ${formatMarketDate(figures.asOf)} at its close of ${formatDecimal(data.close, 2)}: ${figures.source}.`
          : `Nothing known on ${formatMarketDate(figures.asOf)}: ${figures.marketCap.unknownReason ?? "no filing in the bundled data"}.`}
      </Source>
      {figures.source ? (
        <FigureList>
          {FUNDAMENTAL_FIGURES.map(({ key, label, show }) => (
            <FigureRow key={key} label={label} figure={figures[key]} show={show} />
          ))}
        </FigureList>
      ) : null}
    </FigurePanel>
  );
}

function FigureRow({ label, figure, show }: { label: string; figure: Figure; show: (value: number) => string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {figure.value == null ? <MutedFigure>Unknown</MutedFigure> : figure.isEstimate ? <span title={ESTIMATE_NOTE}>{show(figure.value)}*</span> : show(figure.value)}
        {figure.value == null && figure.unknownReason ? <FigureNote>{figure.unknownReason}</FigureNote> : null}
        {figure.value != null && label === "Market cap" ? <FigureNote>${formatInteger(figure.value)}{figure.isEstimate ? " (estimate)" : " (filed share count)"}</FigureNote> : null}
      </dd>
    </div>
  );
}

const Source = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;
