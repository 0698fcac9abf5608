import { graphql, useFragment } from "react-relay";
import styled, { css } from "styled-components";
import { formatDateTime, formatWeight } from "../SentimentBadge/sentiment";
import { SentimentBadge } from "../SentimentBadge/SentimentBadge";
import { formatMarketDate } from "../ScreenResults/format";
import { sourceName } from "../SnapshotNotice/sourceNames";
import { VisuallyHidden } from "../ui/Layout";
import type { Headline_article$data, Headline_article$key } from "./__generated__/Headline_article.graphql";

/** Only http(s) links are ever rendered; anything else (javascript:, data:, relative) shows as plain text. */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** One headline: its score and label, the words that moved the score, where and when it was published. */
export function Headline({ article, isNew = false }: { article: Headline_article$key; isNew?: boolean }) {
  const data = useFragment(
    graphql`
      fragment Headline_article on NewsArticle {
        title
        url
        source
        publisher
        publishedAt
        publishedTimeKnown
        score
        label
        terms {
          term
          weight
        }
        analystAction {
          action
          firm
          fromRating
          toRating
          priceTarget
        }
      }
    `,
    article,
  );
  const href = safeHttpUrl(data.url);
  const source = sourceName(data.source);
  const outlet = data.publisher && data.publisher.toLowerCase() !== source.toLowerCase() ? `${data.publisher} via ${source}` : source;

  return (
    <Item $isNew={isNew}>
      <Score>
        <SentimentBadge score={data.score} label={data.label} />
      </Score>
      <Body>
        <Title>
          {href ? (
            <a href={href} target="_blank" rel="noopener noreferrer">
              {data.title}
              <VisuallyHidden> (opens the source in a new tab)</VisuallyHidden>
            </a>
          ) : (
            <span>{data.title}</span>
          )}
          {isNew ? <NewMark>New</NewMark> : null}
        </Title>
        <Meta>
          <span>{outlet}</span>
          <span aria-hidden="true">·</span>
          {data.publishedTimeKnown ? (
            <time dateTime={data.publishedAt}>{formatDateTime(data.publishedAt)}</time>
          ) : (
            // The source gives a day, no time: never show the 12:00 UTC it is stored at.
            <time dateTime={data.publishedAt.slice(0, 10)} title={`${source} gives the date only, no time of day`}>
              {formatMarketDate(data.publishedAt.slice(0, 10))} (date only)
            </time>
          )}
          {data.analystAction ? <AnalystBadge action={data.analystAction} /> : null}
        </Meta>
        <Why terms={data.terms} />
      </Body>
    </Item>
  );
}

type Term = Headline_article$data["terms"][number];

/** The "why": each word or phrase that moved the score with its weight, + in green (bullish), − in red (bearish). */
function Why({ terms }: { terms: readonly Term[] }) {
  const moving = terms.filter((term) => term.weight !== 0);
  if (moving.length === 0) {
    return <WhyNone>Why: no scoring words (neutral).</WhyNone>;
  }
  return (
    <WhyRow>
      <WhyLabel>Why:</WhyLabel>
      <TermList aria-label="Words that moved the score">
        {moving.map((term, index) => {
          const positive = term.weight > 0;
          return (
            <TermChip key={`${term.term}-${index}`} $positive={positive}>
              {term.term}
              <Weight>{formatWeight(term.weight)}</Weight>
              <VisuallyHidden>{positive ? " (raises the score)" : " (lowers the score)"}</VisuallyHidden>
            </TermChip>
          );
        })}
      </TermList>
    </WhyRow>
  );
}

type AnalystAction = NonNullable<Headline_article$data["analystAction"]>;

const ACTION_LABELS: Record<string, { text: string; tone: "up" | "down" | "flat" }> = {
  upgrade: { text: "Upgrade", tone: "up" },
  downgrade: { text: "Downgrade", tone: "down" },
  target_raise: { text: "Target raised", tone: "up" },
  target_cut: { text: "Target cut", tone: "down" },
  initiate: { text: "Coverage initiated", tone: "flat" },
  maintain: { text: "Rating maintained", tone: "flat" },
  reiterate: { text: "Rating reiterated", tone: "flat" },
};

function AnalystBadge({ action }: { action: AnalystAction }) {
  const kind = ACTION_LABELS[action.action.toLowerCase()] ?? { text: "Analyst action", tone: "flat" as const };
  const rating =
    action.fromRating && action.toRating ? `${action.fromRating} → ${action.toRating}` : action.toRating ? `to ${action.toRating}` : null;
  const parts = [kind.text, action.firm, rating, action.priceTarget != null ? `PT $${action.priceTarget}` : null].filter(Boolean);
  return <ActionBadge $tone={kind.tone}>{parts.join(" · ")}</ActionBadge>;
}

const Item = styled.li<{ $isNew: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 6px;
  padding: ${({ theme }) => theme.space.md};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child { border-bottom: 0; }
  ${({ theme, $isNew }) =>
    $isNew &&
    css`
      background: color-mix(in srgb, ${theme.colors.primary} 6%, ${theme.colors.surface});
      box-shadow: inset 3px 0 0 ${theme.colors.primary};
    `}
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 130px minmax(0, 1fr);
    gap: ${({ theme }) => theme.space.md};
  }
`;

const Score = styled.div`
  padding-top: 2px;
`;

const Body = styled.div`
  display: grid;
  gap: 6px;
  min-width: 0;
`;

const Title = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: 650;
  line-height: 1.35;
  overflow-wrap: anywhere;
  a { color: ${({ theme }) => theme.colors.text}; text-decoration: none; }
  a:hover { color: ${({ theme }) => theme.colors.primary}; text-decoration: underline; }
`;

const NewMark = styled.span`
  display: inline-block;
  margin-left: 8px;
  padding: 1px 7px;
  vertical-align: 2px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 8px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const ActionBadge = styled.span<{ $tone: "up" | "down" | "flat" }>`
  padding: 1px 8px;
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 650;
  ${({ theme, $tone }) => {
    const color = $tone === "up" ? theme.colors.success : $tone === "down" ? theme.colors.danger : theme.colors.textMuted;
    return css`
      color: ${color};
      border: 1px solid color-mix(in srgb, ${color} 45%, ${theme.colors.border});
    `;
  }}
`;

const WhyRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const WhyLabel = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
`;

const WhyNone = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const TermList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 6px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const TermChip = styled.li<{ $positive: boolean }>`
  display: inline-flex;
  align-items: baseline;
  gap: 3px;
  padding: 1px 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-weight: 600;
  ${({ theme, $positive }) => {
    const color = $positive ? theme.colors.success : theme.colors.danger;
    return css`
      color: ${color};
      background: color-mix(in srgb, ${color} 10%, ${theme.colors.surface});
    `;
  }}
`;

const Weight = styled.span`
  margin-left: 2px;
  font-weight: 500;
  font-variant-numeric: tabular-nums;
`;
