import { Suspense, type ComponentType } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import styled from "styled-components";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { ErrorBoundary } from "../../components/ErrorBoundary/ErrorBoundary";
import { ChartIcon, EyeIcon, NewsIcon, ScaleIcon, ShieldIcon, SparkIcon } from "../../components/Icons/Icons";
import { ButtonLink } from "../../components/ui/Button";
import { Badge, Card, Container } from "../../components/ui/Layout";
import { VideoPlayer } from "../../components/VideoPlayer/VideoPlayer";
import { HeroActions } from "./HeroActions";
import { TrackRecordHighlight } from "./TrackRecordHighlight";
import type { HomePageQuery as HomePageQueryType } from "./__generated__/HomePageQuery.graphql";
import type { HomePageTrackRecordQuery as HomePageTrackRecordQueryType } from "./__generated__/HomePageTrackRecordQuery.graphql";
import { useRouteQuery } from "../../routing/routeQueries";

export const HomePageQuery = graphql`
  query HomePageQuery {
    viewer {
      ...HeroActions_viewer
    }
  }
`;

/** The AI picks' measured record, summary fields only; its own request, so neither part can fail the other. */
export const HomePageTrackRecordQuery = graphql`
  query HomePageTrackRecordQuery {
    aiTrackRecord {
      ...TrackRecordHighlight_record
    }
  }
`;

// Only what the screens compute from the stored data (there is no options data, so no options claim).
const FEATURE_BADGES = [
  "5-over-20 moving average",
  "News sentiment",
  "Earnings-date filter",
  "Beta analysis",
  "Volume momentum",
];

const VALUES: { title: string; body: string; Icon: ComponentType<{ size?: number }> }[] = [
  {
    title: "Aligned Incentives",
    body: "One flat subscription. We are paid for the tool, not for your trades, so nothing nudges you to trade more.",
    Icon: ScaleIcon,
  },
  {
    title: "Transparent Process",
    body: "Every signal comes from rules you can read: the moving-average test, the filters you set and the news behind each sentiment score.",
    Icon: EyeIcon,
  },
  {
    title: "Risk First",
    body: "Beta bounds, minimum price and volume, and upcoming-earnings exclusions come before any ranking.",
    Icon: ShieldIcon,
  },
];

const WHY_PRO = [
  { title: "Terminal-grade screening for $30/month", body: "A fraction of the price of a $2,000/month professional terminal." },
  { title: "Explainable signals", body: "Technical and sentiment inputs are shown side by side, so you can check the reasoning yourself." },
  { title: "Broad coverage", body: "Screen the S&P 500 or a wider market universe, upload your own list, or type in the tickers you follow." },
  { title: "Built for your workflow", body: "Export results to CSV, save the screens you run often, and connect your own tools to the Pro plan's API." },
];

export default function HomePage() {
  useDocumentTitle("Stock screener for disciplined investors");

  return (
    <>
      <Hero>
        <HeroGrid>
          <HeroText>
            <Badge>
              <SparkIcon size={12} /> Technical + sentiment screening
            </Badge>
            <h1>Find stocks with momentum and the news to back it.</h1>
            <Tagline>
              Tickerscope screens the market with a transparent moving-average rule and scores the news around every
              ticker, so you can spend your time on the few stocks worth a closer look.
            </Tagline>
            <Cta>
              {/* Only the buttons wait for the sign-in check; a failed check shows the signed-out ones (spec §4). */}
              <ErrorBoundary fallback={<HeroActions viewer={null} />}>
                <Suspense fallback={<CtaPlaceholder aria-hidden="true" />}>
                  <ViewerHeroActions />
                </Suspense>
              </ErrorBoundary>
            </Cta>
            <BadgeRow aria-label="Screening signals">
              {FEATURE_BADGES.map((b) => (
                <li key={b}>
                  <Badge>{b}</Badge>
                </li>
              ))}
            </BadgeRow>
          </HeroText>
          <VideoPlayer
            src="/media/hero.mp4"
            poster="/media/hero-poster.jpg"
            label="Abstract animation of moving market data"
          />
        </HeroGrid>
      </Hero>

      <Container>
        <Section aria-labelledby="values-title">
          <SectionTitle id="values-title">How we work</SectionTitle>
          <ThreeUp>
            {VALUES.map(({ title, body, Icon }) => (
              <ValueCard key={title} as="article">
                <IconBubble aria-hidden="true"><Icon size={20} /></IconBubble>
                <h3>{title}</h3>
                <p>{body}</p>
              </ValueCard>
            ))}
          </ThreeUp>
        </Section>
      </Container>

      <Band>
        <BandVideo src="/media/background.mp4" poster="/media/background-poster.jpg" label="Abstract animated fractal background" />
        <BandOverlay>
          <Container>
            <BandText>
              <h2>Signals you can explain</h2>
              <p>No black boxes: every result shows which rule it passed and what the news said.</p>
            </BandText>
          </Container>
        </BandOverlay>
      </Band>

      <Container>
        <Section aria-labelledby="insights-title">
          <InsightsCard>
            <SectionTitle id="insights-title">
              <ChartIcon size={22} /> Market Insights
            </SectionTitle>
            <InsightsGrid>
              <div>
                <h3>Current conditions</h3>
                <p>
                  Conditions are read from two angles: trend (how many stocks in your universe have short-term prices
                  above their medium-term average) and tone (whether recent headlines lean positive or negative).
                  Run the screener to see today's readings for the stocks you care about; we don't publish
                  figures we haven't computed from live data.
                </p>
              </div>
              <div>
                <h3>Screening methodology</h3>
                <Method>
                  <li>
                    <strong>5-over-20 moving-average rule.</strong> For each stock we average the last 5 daily closing
                    prices and the last 20. A stock passes when the 5-day average is above the 20-day average: recent
                    prices are running ahead of the longer trend, a simple sign of upward momentum.
                  </li>
                  <li>
                    <strong>News sentiment scoring.</strong> Headlines from financial news feeds (offline, a bundled
                    snapshot of real headlines) within your news window are scored with a word list (lexicon) of positive and negative terms, enhanced with
                    market keywords such as upgrades, downgrades, beats and misses. Scores are averaged per stock,
                    from clearly negative to clearly positive.
                  </li>
                  <li>
                    <strong>Combined view.</strong> The Pro combined screener weighs the technical score at 60% and
                    sentiment at 40%, then grades each stock from A to D.
                  </li>
                </Method>
              </div>
            </InsightsGrid>
          </InsightsCard>
        </Section>

        <Section aria-labelledby="why-title">
          <SectionTitle id="why-title">
            <NewsIcon size={22} /> Why professionals choose Tickerscope
          </SectionTitle>
          <PriceCompare>
            <div>
              <strong>$30/month</strong>
              <span>Tickerscope Pro</span>
            </div>
            <Versus aria-hidden="true">vs</Versus>
            <div>
              <strong>$2,000/month</strong>
              <span>a professional market-data terminal</span>
            </div>
          </PriceCompare>
          <TwoUp>
            {WHY_PRO.map((item) => (
              <ValueCard key={item.title} as="article">
                <h3>{item.title}</h3>
                <p>{item.body}</p>
              </ValueCard>
            ))}
          </TwoUp>
          {/* Measured figures only: nothing shows until the track record is computed, or if it cannot be read. */}
          <ErrorBoundary fallback={null}>
            <Suspense fallback={null}>
              <LoadedTrackRecord />
            </Suspense>
          </ErrorBoundary>
          <Cta>
            <ButtonLink to="/pricing" $size="lg">Compare plans</ButtonLink>
            <ButtonLink to="/screener" $size="lg" $variant="secondary">Try the free screener</ButtonLink>
          </Cta>
        </Section>
      </Container>
    </>
  );
}

function ViewerHeroActions() {
  const queryRef = useRouteQuery<HomePageQueryType>();
  const { viewer } = usePreloadedQuery<HomePageQueryType>(HomePageQuery, queryRef);
  return <HeroActions viewer={viewer ?? null} />;
}

function LoadedTrackRecord() {
  const trackRecordRef = useRouteQuery<HomePageTrackRecordQueryType>("trackRecord");
  const { aiTrackRecord } = usePreloadedQuery<HomePageTrackRecordQueryType>(HomePageTrackRecordQuery, trackRecordRef);
  return <TrackRecordHighlight record={aiTrackRecord} />;
}

const Hero = styled.section`
  padding: ${({ theme }) => theme.space.xxl} 0;
  background:
    radial-gradient(1200px 400px at 10% -10%, ${({ theme }) => theme.colors.surfaceMuted}, transparent),
    ${({ theme }) => theme.colors.bg};
`;

const HeroGrid = styled(Container)`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  align-items: center;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: 1.05fr 1fr;
  }
`;

const HeroText = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  justify-items: start;
  h1 {
    font-size: 2rem;
    font-weight: 800;
    letter-spacing: -0.03em;
    @media (min-width: ${({ theme }) => theme.breakpoints.md}) { font-size: 3rem; }
  }
`;

const Tagline = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  max-width: 56ch;
`;

const Cta = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** Holds the buttons' height while the sign-in check runs, so the hero does not shift. */
const CtaPlaceholder = styled.div`
  min-height: 48px;
`;

const BadgeRow = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xxl} 0 0;
  &:last-child { padding-bottom: ${({ theme }) => theme.space.xxl}; }
`;

const SectionTitle = styled.h2`
  display: flex;
  align-items: center;
  gap: 10px;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 750;
  svg { color: ${({ theme }) => theme.colors.accent}; }
`;

const ThreeUp = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 260px), 1fr));
`;

const TwoUp = styled(ThreeUp)`
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 320px), 1fr));
`;

const ValueCard = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  align-content: start;
  h3 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const IconBubble = styled.span`
  display: grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.primary};
`;

const Band = styled.section`
  position: relative;
  margin-top: ${({ theme }) => theme.space.xxl};
  min-height: 280px;
  overflow: hidden;
`;

const BandVideo = styled(VideoPlayer)`
  position: absolute;
  inset: 0;
  border-radius: 0;
  video { height: 100%; aspect-ratio: auto; }
`;

const BandOverlay = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  min-height: 280px;
  background: linear-gradient(90deg, rgba(8, 15, 30, 0.85), rgba(8, 15, 30, 0.35));
  pointer-events: none;
`;

const BandText = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  max-width: 520px;
  color: #f1f5f9;
  h2 { font-size: ${({ theme }) => theme.fontSizes.xxl}; }
  p { color: #cbd5e1; font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

const InsightsCard = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const InsightsGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) { grid-template-columns: 1fr 1.4fr; }
  h3 { font-size: ${({ theme }) => theme.fontSizes.lg}; margin-bottom: ${({ theme }) => theme.space.sm}; }
  p, li { color: ${({ theme }) => theme.colors.textMuted}; }
  strong { color: ${({ theme }) => theme.colors.text}; }
`;

const Method = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding-left: 1.25rem;
`;

const PriceCompare = styled(Card)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  > div { display: grid; }
  strong { font-size: ${({ theme }) => theme.fontSizes.xxl}; font-weight: 800; }
  > div:first-child strong { color: ${({ theme }) => theme.colors.primary}; }
  span { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Versus = styled.span`
  font-weight: 700;
  text-transform: uppercase;
`;
