import { builder } from "../graphql/builder";
import { findKnownStock, requireKnownStock, tickerSchema, type KnownStock } from "./symbols";

/** A listed stock, a Relay node keyed by its ticker (public reference data). */
export const Stock = builder.objectRef<KnownStock>("Stock");

builder.node(Stock, {
  description: "A US-listed stock, identified by its ticker. Its news is in `news(timeframe:)`.",
  id: { resolve: (stock) => stock.ticker },
  // node(id:) with an id naming no known ticker is simply not found.
  loadOne: (ticker) => {
    const parsed = tickerSchema.safeParse(ticker);
    return parsed.success ? findKnownStock(parsed.data) : null;
  },
  fields: (t) => ({
    ticker: t.exposeString("ticker", { description: "Today's ticker (renamed tickers such as FB answer as META)." }),
    name: t.exposeString("name", { description: "The company name from the bundled index and symbol lists." }),
  }),
});

builder.queryField("stock", (t) =>
  t.field({
    type: Stock,
    nullable: true,
    description: "A stock by ticker (1–5 letters, optionally a class suffix such as BRK.B). Unknown → BAD_USER_INPUT naming ticker.",
    args: { ticker: t.arg.string({ required: true }) },
    resolve: (_root, { ticker }) => requireKnownStock(ticker),
  }),
);
