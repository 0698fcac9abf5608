import { Link } from "react-router-dom";
import styled from "styled-components";
import { ProMark } from "../../components/Header/ProMark";
import { NEWS_TICKERS } from "../NewsAnalysis/newsParams";

/**
 * The app's other views of this stock. Compare, earnings and news open on the ticker (their
 * ?tickers= / ?ticker= parameters); the 13F tracker shows the tracked fund's whole filing and takes
 * no ticker, and News Analysis covers a fixed list of companies, so those say what they will show.
 */
export function StockResearchLinks({ ticker, showProMarks }: { ticker: string; showProMarks: boolean }) {
  const param = encodeURIComponent(ticker);
  const newsCoversTicker = (NEWS_TICKERS as readonly string[]).includes(ticker);
  return (
    <nav aria-label={`More on ${ticker}`}>
      <LinkList>
        <li>
          <Link to={`/research-compare?tickers=${param}`}>Compare {ticker} with other stocks</Link>
          {showProMarks ? <ProMark /> : null}
        </li>
        <li>
          <Link to={`/earnings-predictor?ticker=${param}`}>{ticker} earnings prediction</Link>
          {showProMarks ? <ProMark /> : null}
        </li>
        <li>
          <Link to="/hedge-fund-tracker">13F hedge fund holdings</Link>
          {showProMarks ? <ProMark /> : null}
          <Note>the tracked fund's whole filing, not only {ticker}</Note>
        </li>
        <li>
          {newsCoversTicker ? (
            <Link to={`/news-analysis?ticker=${param}`}>{ticker} news analysis</Link>
          ) : (
            <>
              <Link to="/news-analysis">News analysis</Link>
              <Note>covers {NEWS_TICKERS.join(", ")}; {ticker}'s headlines are below</Note>
            </>
          )}
        </li>
      </LinkList>
    </nav>
  );
}

const LinkList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;
  li { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 4px 6px; }
  a { font-weight: 600; }
`;

const Note = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
