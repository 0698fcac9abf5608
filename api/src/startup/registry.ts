// What a start does after opening the database, in order: every bundled-data load, then every
// background job. The server iterates these lists; a new snapshot or job is added here.
import { scheduleAiPicks } from "../ai-picks/ai-picks-pass";
import { scheduleAlertEvaluation } from "../alerts/alert-schedule";
import { scheduleAlertDeliveries } from "../alerts/delivery/dispatcher";
import { scheduleSessionPurge } from "../auth/sessions";
import { scheduleEarningsRefresh } from "../earnings/earnings-refresh";
import { earningsSnapshot } from "../earnings/earnings-snapshot";
import { scheduleHedgeFundImport } from "../hedge-funds/edgar-import";
import { hedgeFundSnapshot } from "../hedge-funds/hedge-fund-snapshot";
import { scheduleMarketDataRefresh } from "../market-data/price-refresh";
import { priceSnapshot } from "../market-data/price-snapshot";
import { warmDefaultDay } from "../market-data/warm-default-day";
import { loadFeedList } from "../news/ingestion/feeds";
import { scheduleNewsIngestion } from "../news/ingestion/schedule";
import { newsSnapshots } from "../news/snapshot/news-snapshot";
import { loadVideoFeedList } from "../news/videos/video-feeds";
import { videoSnapshot } from "../news/videos/video-snapshot";
import { defineJob } from "./define-job";

/** The bundled data (data/), each load once per database and version, in this order. */
export const bundledSnapshots = [...newsSnapshots, videoSnapshot, priceSnapshot, earningsSnapshot, hedgeFundSnapshot];

export const backgroundJobs = [
  defineJob({ name: "session purge", start: scheduleSessionPurge }),
  // RSS/Atom ingestion every NEWS_INGEST_INTERVAL_MINUTES (0 = off), one pass at a time across instances.
  defineJob({
    name: "news ingestion",
    check: (config) => {
      loadFeedList(config.news);
      loadVideoFeedList(config.news);
    },
    start: (deps) => scheduleNewsIngestion(deps),
  }),
  // Live daily bars every MARKET_DATA_REFRESH_MINUTES (0 or MARKET_DATA_PROVIDER=none = off).
  defineJob({ name: "price refresh", start: (deps) => scheduleMarketDataRefresh(deps) }),
  // The day views open at offline, its indicators in memory before the first visit asks for them.
  defineJob({ name: "default day ahead", start: warmDefaultDay }),
  // A pass now and after every change of the prices, computed in a worker thread.
  defineJob({ name: "AI picks", start: scheduleAiPicks }),
  // New 13F filings from SEC EDGAR every HEDGE_FUND_REFRESH_HOURS, only when SEC_USER_AGENT is set.
  defineJob({ name: "13F import", start: (deps) => scheduleHedgeFundImport(deps) }),
  // Earnings from Yahoo every EARNINGS_REFRESH_HOURS (0, the default, = off).
  defineJob({ name: "earnings refresh", start: (deps) => scheduleEarningsRefresh(deps) }),
  // Alerts after each data event the passes above announce, and at start for the latest day.
  defineJob({ name: "alert evaluation", start: scheduleAlertEvaluation }),
  // Email and webhook deliveries of the firings, every ALERT_DELIVERY_POLL_SECONDS and at once after a firing.
  defineJob({ name: "alert delivery", start: (deps) => scheduleAlertDeliveries(deps) }),
];
