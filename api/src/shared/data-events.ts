import { createPubSub, type PubSub } from "graphql-yoga";

/** What changed in the stored data: prices, news, earnings or 13F holdings, at a trading day. */
export type DataEvent = {
  kind: "prices" | "news" | "earnings" | "13f";
  /** The trading day the change is seen at (YYYY-MM-DD); absent: the latest stored price day. */
  day?: string;
  /** The tickers whose data changed; null: any. */
  tickers: readonly string[] | null;
};

/**
 * Passes announce the data they changed here (price refresh, news ingestion, 13F import, earnings
 * refresh), and whatever depends on the data (alert evaluation) listens. In-process only: the
 * instance whose pass changed the data handles its event; work that must happen once across
 * instances keys itself on the event.
 */
export type DataEvents = PubSub<{ "data:changed": [DataEvent] }>;

export const createDataEvents = (): DataEvents => createPubSub<{ "data:changed": [DataEvent] }>();
