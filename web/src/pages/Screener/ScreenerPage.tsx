import { ComingSoon } from "../../components/ComingSoon/ComingSoon";

export default function ScreenerPage() {
  return (
    <ComingSoon
      title="Basic Screener"
      description="Screen a universe of stocks with the 5-over-20 moving-average rule, liquidity and beta filters, and news sentiment. Free on the Basic plan (up to 50 results)."
    />
  );
}
