import { lexicographicSortSchema, printSchema } from "graphql";
import { builder } from "./builder";
// Each domain registers its types and fields on the builder when imported.
import "../ai-picks/ai-picks.graphql";
import "../alerts/alerts.graphql";
import "../api-keys/api-keys.graphql";
import "../api-usage/api-usage.graphql";
import "../auth/auth-options.graphql";
import "../auth/viewer.graphql";
import "../backtest/screen-backtest.graphql";
import "../billing/billing.graphql";
import "../contact/contact-messages.graphql";
import "../data-coverage/data-coverage.graphql";
import "../earnings/earnings.graphql";
import "../fundamentals/fundamentals.graphql";
import "../hedge-funds/hedge-funds.graphql";
import "../market-data/market-data.graphql";
import "../news/news.graphql";
import "../news/videos/market-videos.graphql";
import "../research/research.graphql";
import "../research/stock-search.graphql";
import "../screening/screening.graphql";
import "../stocks/stocks.graphql";
import "../watchlists/watchlists.graphql";

export const schema = lexicographicSortSchema(builder.toSchema());

export const printedSchema = (): string => `${printSchema(schema)}\n`;
