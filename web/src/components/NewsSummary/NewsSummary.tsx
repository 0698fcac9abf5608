import { graphql, useFragment } from "react-relay";
import styled, { type DefaultTheme } from "styled-components";
import { ChartIcon } from "../Icons/Icons";
import { Notice } from "../Notice/Notice";
import { formatScore, toneColor, toneOfScore, type SentimentTone } from "../SentimentBadge/sentiment";
import { SentimentBadge } from "../SentimentBadge/SentimentBadge";
import { ButtonLink } from "../ui/Button";
import { Card, DetailList, StatTile, VisuallyHidden } from "../ui/Layout";
import type { NewsSummary_news$key } from "./__generated__/NewsSummary_news.graphql";

interface NewsSummaryProps {
  news: NewsSummary_news$key;
  ticker: string;
  /** How the window reads in a sentence: "in the last 24 hours". */
  windowPhrase: string;
}

/**
 * The spec's news-sentiment summary for one ticker and window: article counts, overall score
 * with its label, the 24h average, social sentiment, analyst actions and trending topics.
 * Every number is the server's, computed over the whole window (never from the loaded page).
 */
export function NewsSummary({ news, ticker, windowPhrase }: NewsSummaryProps) {
  const data = useFragment(
    graphql`
      fragment NewsSummary_news on NewsSentiment {
        newsCount
        bullishCount
        bearishCount
        neutralCount
        trendingTopics {
          term
          count
        }
        analystUpgrades
        analystDowngrades
        sentimentScore
        sentimentLabel
        avgSentiment24h
        socialSentiment
        socialSentimentReason
        noNewsReason
      }
    `,
    news,
  );

  return (
    <Wrapper aria-labelledby="news-summary-title">
      <VisuallyHidden as="h2" id="news-summary-title">
        Summary for {ticker}
      </VisuallyHidden>
      {data.newsCount === 0 ? (
        <Notice title={`No news for ${ticker} ${windowPhrase}`}>
          <p>{data.noNewsReason ?? "No stored headline mentions this ticker in the selected window. Try a longer timeframe."}</p>
        </Notice>
      ) : null}

      <Tiles aria-label="Article counts">
        <Tile $tone="total" label="Total articles" value={data.newsCount} />
        <Tile $tone="bullish" label="Bullish" value={data.bullishCount} total={data.newsCount} />
        <Tile $tone="bearish" label="Bearish" value={data.bearishCount} total={data.newsCount} />
        <Tile $tone="neutral" label="Neutral" value={data.neutralCount} total={data.newsCount} />
      </Tiles>

      <Panels>
        <Panel aria-labelledby="overall-sentiment-title">
          <PanelTitle id="overall-sentiment-title">Overall sentiment</PanelTitle>
          {data.sentimentScore == null ? (
            <Muted>No articles to score {windowPhrase}.</Muted>
          ) : (
            <SentimentBadge score={data.sentimentScore} label={data.sentimentLabel} size="lg" />
          )}
          <Facts>
            <div>
              <dt>24h average</dt>
              <dd>
                {data.avgSentiment24h == null ? (
                  <Muted>No articles in the last 24 hours</Muted>
                ) : (
                  <ScoreText $score={data.avgSentiment24h}>{formatScore(data.avgSentiment24h)}</ScoreText>
                )}
              </dd>
            </div>
            <div>
              <dt>Social sentiment</dt>
              <dd>
                {data.socialSentiment == null ? (
                  <Muted>No social posts in this window</Muted>
                ) : (
                  <ScoreText $score={data.socialSentiment}>{formatScore(data.socialSentiment)}</ScoreText>
                )}
              </dd>
            </div>
          </Facts>
          {data.socialSentiment == null && data.socialSentimentReason ? <Fine>{data.socialSentimentReason}</Fine> : null}
          <Fine>Scores run from −1 (bearish) to +1 (bullish): headline by headline, with the words that moved each score listed below.</Fine>
        </Panel>

        <Panel aria-labelledby="analyst-actions-title">
          <PanelTitle id="analyst-actions-title">Analyst actions</PanelTitle>
          <Facts>
            <div>
              <dt>Upgrades</dt>
              <dd>
                <Count $tone={data.analystUpgrades > 0 ? "bullish" : "neutral"}>{data.analystUpgrades}</Count>
              </dd>
            </div>
            <div>
              <dt>Downgrades</dt>
              <dd>
                <Count $tone={data.analystDowngrades > 0 ? "bearish" : "neutral"}>{data.analystDowngrades}</Count>
              </dd>
            </div>
          </Facts>
          <Fine>Read from the headlines in this window.</Fine>
        </Panel>

        <Panel aria-labelledby="trending-topics-title">
          <PanelTitle id="trending-topics-title">Trending topics</PanelTitle>
          {data.trendingTopics.length === 0 ? (
            <Muted>No topic stands out {windowPhrase}.</Muted>
          ) : (
            <Topics>
              {data.trendingTopics.map((topic) => (
                <li key={topic.term}>
                  {topic.term}
                  <TopicCount aria-label={`in ${topic.count} headline${topic.count === 1 ? "" : "s"}`}>{topic.count}</TopicCount>
                </li>
              ))}
            </Topics>
          )}
          <Fine>Terms that stand out for {ticker} against all stored news.</Fine>
        </Panel>
      </Panels>

      <Cta>
        <p>Combine this news sentiment with technical signals for a graded score.</p>
        <ButtonLink to="/combined-screener" $variant="secondary">
          <ChartIcon size={16} />
          Open Combined Screener
        </ButtonLink>
      </Cta>
    </Wrapper>
  );
}

type TileTone = SentimentTone | "total";

function Tile({ $tone, label, value, total }: { $tone: TileTone; label: string; value: number; total?: number }) {
  const share = total ? Math.round((value / total) * 100) : null;
  return (
    <TileBox $tone={$tone} data-testid={`tile-${$tone}`}>
      <dt>{label}</dt>
      <dd>
        <TileValue>{value}</TileValue>
        {share != null ? <TileShare>{share}%</TileShare> : null}
      </dd>
    </TileBox>
  );
}

const Wrapper = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Tiles = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  margin: 0;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
    gap: ${({ theme }) => theme.space.md};
  }
`;

const tileAccent = (theme: DefaultTheme, tone: TileTone) => (tone === "total" ? theme.colors.primary : toneColor(theme, tone));

const TileBox = styled(StatTile)<{ $tone: TileTone }>`
  border-top-color: ${({ theme, $tone }) => tileAccent(theme, $tone)};
  dd {
    display: flex;
    align-items: baseline;
    gap: 8px;
    color: ${({ theme, $tone }) => ($tone === "total" ? theme.colors.text : tileAccent(theme, $tone))};
  }
`;

const TileValue = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 750;
  font-variant-numeric: tabular-nums;
  line-height: 1.1;
`;

const TileShare = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Panels = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: 1.3fr 1fr 1.3fr;
  }
`;

const Panel = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  align-content: start;
  justify-items: start;
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
`;

const PanelTitle = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

// A compact detail list: tighter rows, values aligned on the text baseline.
const Facts = styled(DetailList)`
  width: 100%;
  > div { align-items: baseline; gap: 2px ${({ theme }) => theme.space.md}; padding: 6px 0; }
  dd { font-weight: 650; }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 500;
`;

const Fine = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const ScoreText = styled.span<{ $score: number }>`
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $score }) => toneColor(theme, toneOfScore($score))};
`;

const Count = styled.span<{ $tone: SentimentTone }>`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $tone }) => ($tone === "neutral" ? theme.colors.text : toneColor(theme, $tone))};
`;

const Topics = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: 4px 10px;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    border: 1px solid ${({ theme }) => theme.colors.border};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
  }
`;

const TopicCount = styled.span`
  margin-left: 6px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;
`;

const Cta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  p { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;
