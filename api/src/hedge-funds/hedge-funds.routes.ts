import { Router } from "express";
import { requirePro } from "../billing/require-pro";
import type { AppDeps } from "../context";
import { AppError } from "../errors/app-error";
import { resolveAsOfDay } from "../market-data/as-of";
import { fundHistory, fundHistoryAsOf, normalizeCik, orderedHoldings, SOURCE_LABELS, THIRTEEN_F_DEADLINE_DAYS } from "./hedge-funds";

/**
 * GET /api/hedge-funds/:fundId[?asOf=YYYY-MM-DD] (spec §7, Pro only): the fund's latest 13F quarter
 * known by asOf (filed by then, else due by then: 45 days after the quarter); without asOf, the latest
 * stored price day. The response's asOf says which day was used. fundId is the SEC CIK, with or without
 * leading zeros (the spec's fixed id is 0001067983).
 */
export function hedgeFundsRoutes(deps: AppDeps): Router {
  const router = Router();
  const path = "/api/hedge-funds/:fundId";
  router.get(path, requirePro({ method: "GET", path, sampleUrl: "/api/hedge-funds/0001067983" }), async (req, res) => {
    const cik = normalizeCik(String(req.params.fundId), "fundId");
    const [stored, asOf] = await Promise.all([fundHistory(deps.db, cik), resolveAsOfDay(deps.db, req.query.asOf, "latest")]);
    if (!stored) throw new AppError("NOT_FOUND", `No 13F holdings are stored for fund ${cik}. Tracked funds are listed by the hedgeFunds GraphQL query.`);
    const history = fundHistoryAsOf(stored, asOf);
    const latest = history.quarters[0];
    if (!latest) {
      throw new AppError(
        "NOT_FOUND",
        `No 13F quarter of fund ${cik} is known by ${asOf}: a quarter counts once filed, or ${THIRTEEN_F_DEADLINE_DAYS} days after it ends when the filing date is not stored.`,
      );
    }
    const holdings = orderedHoldings(latest, "VALUE_DESC", false);
    res.json({
      fund_id: cik,
      fund_name: history.fund.name,
      asOf,
      total_value: latest.comparison.totalValue,
      holdings_count: latest.comparison.holdingsCount,
      holdings: holdings.map((holding) => ({
        ticker: holding.position.tickerMapped ? holding.position.ticker : null,
        cusip: holding.position.cusip,
        issuer_name: holding.position.issuerName,
        title_of_class: holding.position.titleOfClass,
        shares: holding.shares,
        value: holding.value,
        percent_portfolio: Math.round(holding.percentPortfolio * 100) / 100,
        change: holding.kind,
        shares_change: holding.sharesChange,
      })),
      quarter_end: latest.quarterEnd,
      previous_quarter_end: latest.comparison.previousQuarterEnd,
      filed_at: latest.filedAt,
      accession_number: latest.accessionNumber,
      amendment: latest.amendment,
      filing_url: latest.filingUrl,
      top10_weight: latest.comparison.top10Weight,
      source: SOURCE_LABELS[latest.source] ?? latest.source,
    });
  });
  return router;
}
