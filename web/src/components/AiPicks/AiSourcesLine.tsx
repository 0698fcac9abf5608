import { graphql, useFragment } from "react-relay";
import { DataSourceLine } from "../ScreenResults/DataSourceLine";
import { formatInteger } from "../ScreenResults/format";
import { formatList, sourceName } from "../SnapshotNotice/sourceNames";
import type { AiSourcesLine_sources$key } from "./__generated__/AiSourcesLine_sources.graphql";

/**
 * What the AI model read: the price sources, the market proxy for beta and the news sources with
 * their article counts and dates, labelled as the offline snapshot when the data is the bundled one.
 */
export function AiSourcesLine({ sources, asOf }: { sources: AiSourcesLine_sources$key; asOf: string }) {
  const data = useFragment(
    graphql`
      fragment AiSourcesLine_sources on AiPicksSources {
        prices
        marketProxy
        news {
          source
          articles
          first
          last
          isSnapshot
        }
      }
    `,
    sources,
  );
  // The price sources name the bundled snapshot in their label; the news sources flag it.
  const isSnapshot = data.news.some((source) => source.isSnapshot) || data.prices.some((label) => /snapshot/i.test(label));
  const news = data.news.map(
    (source) => `${sourceName(source.source)} (${formatInteger(source.articles)} articles, ${source.first} → ${source.last}${source.isSnapshot ? ", snapshot" : ""})`,
  );
  return (
    <DataSourceLine source={data.prices.length > 0 ? data.prices.join("; ") : "the stored daily prices"} asOf={asOf} isSnapshot={isSnapshot}>
      {data.marketProxy ? <span>Beta against {data.marketProxy}</span> : null}
      <span>News: {news.length > 0 ? formatList(news) : "no articles stored, so the news input is neutral (0)"}</span>
    </DataSourceLine>
  );
}
