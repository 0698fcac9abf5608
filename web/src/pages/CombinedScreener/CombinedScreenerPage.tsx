import { ComingSoon } from "../../components/ComingSoon/ComingSoon";

export default function CombinedScreenerPage() {
  return (
    <ComingSoon
      title="Combined Screener"
      description="Technical and news-sentiment signals combined into one graded score. A Pro feature."
    />
  );
}
