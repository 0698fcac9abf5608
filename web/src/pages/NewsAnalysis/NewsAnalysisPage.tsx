import { ComingSoon } from "../../components/ComingSoon/ComingSoon";

export default function NewsAnalysisPage() {
  return (
    <ComingSoon
      title="News Analysis"
      description="Sentiment of recent financial news for a stock: bullish, bearish and neutral article counts, trending topics and analyst actions."
    />
  );
}
