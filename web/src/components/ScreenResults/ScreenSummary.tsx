import { useRef } from "react";
import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { Notice } from "../Notice/Notice";
import { formatDateTime } from "../SentimentBadge/sentiment";
import { StatTile } from "../ui/Layout";
import { DataSourceLine } from "./DataSourceLine";
import { formatInteger, formatMarketDate } from "./format";
import { MatchCount } from "./resultsStyles";
import { useFocusAfterRun } from "./resultsFocus";
import type { ScreenSummary_result$key } from "./__generated__/ScreenSummary_result.graphql";

/**
 * What every screen result opens with (spec §2): how many matched as of which day (focused after a
 * run from the form, so it is read out), the Universe / With Price Data / MA Pass tiles, where the
 * data comes from and how current it is, and each warning the server raised.
 */
export function ScreenSummary({ result }: { result: ScreenSummary_result$key }) {
  const data = useFragment(
    graphql`
      fragment ScreenSummary_result on ScreenResult {
        source
        asOf
        isSnapshot
        betaProxy
        newsAsOf
        stats {
          matched
          universeSize
          withPriceData
          maPassCount
        }
        warnings {
          code
          field
          message
        }
      }
    `,
    result,
  );
  const summaryRef = useRef<HTMLParagraphElement>(null);
  useFocusAfterRun(summaryRef);
  const { matched } = data.stats;

  return (
    <Summary>
      <RunSummary ref={summaryRef} tabIndex={-1} data-testid="results-summary">
        {matched === 0 ? "No matches" : `${formatInteger(matched)} ${matched === 1 ? "match" : "matches"}`} as of {formatMarketDate(data.asOf)}
      </RunSummary>
      <Tiles>
        <Tile>
          <dt>Symbols Screened</dt>
          <dd>{formatInteger(data.stats.universeSize)}</dd>
        </Tile>
        <Tile>
          <dt>With Price Data</dt>
          <dd>{formatInteger(data.stats.withPriceData)}</dd>
        </Tile>
        <Tile>
          <dt>MA Pass 5 over 20</dt>
          <dd>{formatInteger(data.stats.maPassCount)}</dd>
        </Tile>
      </Tiles>

      <DataSourceLine source={data.source} asOf={data.asOf} isSnapshot={data.isSnapshot}>
        {data.newsAsOf ? <span>News up to {formatDateTime(data.newsAsOf)}</span> : null}
        {data.betaProxy ? <span>Beta measured against {data.betaProxy}</span> : null}
        {data.isSnapshot ? <span>Time windows are measured back from the snapshot's last day, as on a live day.</span> : null}
      </DataSourceLine>

      {data.warnings.length > 0 ? (
        // Collapsed to one line so the rows stay in view (on a phone the list filled the screen).
        <Notice tone="warning">
          <Caveats>
            <summary>
              {data.warnings.length === 1 ? "1 caveat about these results" : `${data.warnings.length} caveats about these results`}
            </summary>
            <Warnings>
              {data.warnings.map((warning) => (
                <li key={`${warning.code}-${warning.field ?? ""}`} data-code={warning.code}>
                  {warning.message}
                </li>
              ))}
            </Warnings>
          </Caveats>
        </Notice>
      ) : null}
    </Summary>
  );
}

const Summary = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

const RunSummary = styled(MatchCount)`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; border-radius: 4px; }
`;

const Tiles = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    gap: ${({ theme }) => theme.space.md};
  }
`;

const Tile = styled(StatTile)`
  dd {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    font-weight: 750;
    font-variant-numeric: tabular-nums;
    line-height: 1.1;
  }
`;

const Caveats = styled.details`
  summary {
    width: fit-content;
    color: ${({ theme }) => theme.colors.premium};
    font-weight: 700;
    cursor: pointer;
  }
  summary:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; border-radius: 4px; }
`;

const Warnings = styled.ul`
  display: grid;
  gap: 4px;
  margin: ${({ theme }) => theme.space.xs} 0 0;
  padding-left: 1.2em;
`;
