import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { formatDateTime } from "../SentimentBadge/sentiment";
import { feedProblemWords, feedTrouble } from "./feedTrouble";
import { formatList, snapshotSourceNames, sourceName } from "./sourceNames";
import type { SnapshotNotice_news$key } from "./__generated__/SnapshotNotice_news.graphql";

const NEWS_FEEDS = { one: "live news feed", many: "live news feeds" };

/**
 * Where the numbers come from: in snapshot mode the label (an offline snapshot of real
 * headlines, its as-of time, windows measured back from it, the sources, and in plain words why
 * the live feeds have no recent news); with live feeds the window and any feed that is failing.
 */
export function SnapshotNotice({ news }: { news: SnapshotNotice_news$key }) {
  const data = useFragment(
    graphql`
      fragment SnapshotNotice_news on NewsSentiment {
        mode
        asOf
        windowStart
        windowEnd
        dateOnlyNote
        sources {
          key
          kind
          source
          status
          lastSuccessAt
          problem
          files
        }
      }
    `,
    news,
  );
  const feeds = data.sources.filter((source) => source.kind !== "snapshot");
  const failing = feeds.filter((source) => source.status === "FAILED");
  const window = (
    <>
      <Small>
        Window: {formatDateTime(data.windowStart)} – {formatDateTime(data.windowEnd)}
      </Small>
      {data.dateOnlyNote ? <Small>{data.dateOnlyNote}</Small> : null}
    </>
  );

  if (data.mode === "SNAPSHOT") {
    const snapshotNames = snapshotSourceNames(data.sources.filter((source) => source.kind === "snapshot").flatMap((source) => source.files));
    return (
      <Box role="note" aria-label="About this data" $tone="snapshot">
        <Tag $tone="snapshot">Offline snapshot</Tag>
        <p>
          <strong>
            Offline snapshot of real headlines as of {formatDateTime(data.asOf)} — time windows are measured back from then.
          </strong>
        </p>
        <p>Sources: {snapshotNames.length > 0 ? formatList(snapshotNames) : "the bundled news files"}.</p>
        {feeds.length > 0 ? <p>{feedTrouble(feeds, NEWS_FEEDS) ?? "The live news feeds have no recent news"}; showing the bundled snapshot.</p> : null}
        {window}
      </Box>
    );
  }

  const feedNames = [...new Set(feeds.map((source) => sourceName(source.source)))];
  return (
    <Box role="note" aria-label="About this data" $tone="live">
      <Tag $tone="live">Live feeds</Tag>
      <p>
        Headlines from {feedNames.length > 0 ? formatList(feedNames) : "the configured feeds"}, up to {formatDateTime(data.asOf)}.
      </p>
      {window}
      {failing.length > 0 ? (
        <Failing aria-label="Feeds not updating">
          {failing.map((source) => (
            <li key={source.key}>
              {sourceName(source.source)} ({source.key}) {feedProblemWords(source.problem)}
              {source.lastSuccessAt ? ` — last success ${formatDateTime(source.lastSuccessAt)}.` : " — no successful fetch yet."}
            </li>
          ))}
        </Failing>
      ) : null}
    </Box>
  );
}

type Tone = "snapshot" | "live";

const Box = styled.div<{ $tone: Tone }>`
  --tone: ${({ theme, $tone }) => ($tone === "snapshot" ? theme.colors.premium : theme.colors.accent)};
  display: grid;
  gap: 4px;
  justify-items: start;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  border: 1px solid ${({ theme }) => `color-mix(in srgb, var(--tone) 45%, ${theme.colors.border})`};
  border-left: 4px solid var(--tone);
  background: ${({ theme }) => `color-mix(in srgb, var(--tone) 8%, ${theme.colors.surface})`};
  p { margin: 0; }
  strong { font-weight: 650; }
`;

const Tag = styled.span<{ $tone: Tone }>`
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme, $tone }) => ($tone === "snapshot" ? theme.colors.premium : theme.colors.accent)};
  color: ${({ theme }) => theme.colors.bg};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: 0.02em;
  text-transform: uppercase;
`;

const Small = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const Failing = styled.ul`
  margin: 4px 0 0;
  padding-left: 1.2em;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;
