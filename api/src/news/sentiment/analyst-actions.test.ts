import { detectAnalystAction } from "./analyst-actions";

// Benzinga headlines are quoted from shared/data/news/benzinga_analyst_ratings_processed_sp500_2018-2020.csv,
// Reuters and CNBC ones from the normalised headline files beside it; the others are written in their style.

describe("detectAnalystAction", () => {
  describe("Benzinga phrasing", () => {
    it.each([
      [
        "Needham Downgrades Agilent Technologies to Hold, Announces $85 Price Target",
        { action: "downgrade", firm: "Needham", toRating: "Hold", priceTarget: 85 },
      ],
      [
        "Barclays Upgrades Advance Auto Parts to Overweight, Raises Price Target to $205",
        { action: "upgrade", firm: "Barclays", toRating: "Overweight", priceTarget: 205 },
      ],
      [
        "UPDATE: Goldman Sachs Downgrades Apple To Sell, Lowers Target To $233 'as COVID-19 downturn drives reduced 2021 forecasts'",
        { action: "downgrade", firm: "Goldman Sachs", toRating: "Sell", priceTarget: 233 },
      ],
      ["Raymond James Downgrades Abiomed to Market Perform", { action: "downgrade", firm: "Raymond James", toRating: "Market Perform" }],
      [
        "Apple shares are trading higher after Wells Fargo upgraded the stock from Equal-Weight to Overweight and announced a $315 price target.",
        { action: "upgrade", firm: "Wells Fargo", fromRating: "Equal-Weight", toRating: "Overweight", priceTarget: 315 },
      ],
      [
        "Citigroup Initiates Coverage On Agilent Technologies with Neutral Rating, Announces $85 Price Target",
        { action: "initiate", firm: "Citigroup", toRating: "Neutral", priceTarget: 85 },
      ],
      [
        "UBS Maintains Buy on Advance Auto Parts, Lowers Price Target to $180",
        { action: "target_cut", firm: "UBS", toRating: "Buy", priceTarget: 180 },
      ],
      [
        "Wedbush Earlier Added Advance Auto Parts To Its 'Best Ideas' List; Maintains Outperform Rating, Raises Price Target From $175 To $185",
        { action: "target_raise", toRating: "Outperform", priceTarget: 185, previousTarget: 175 },
      ],
      [
        "Hearing Evercore ISI Raises Price Target On Apple From $330 To $345",
        { action: "target_raise", firm: "Evercore ISI", priceTarget: 345, previousTarget: 330 },
      ],
      [
        "Stephens & Co. Maintains Overweight on Abiomed, Lowers Price Target to $155",
        { action: "target_cut", firm: "Stephens & Co.", toRating: "Overweight", priceTarget: 155 },
      ],
      [
        "Morgan Stanley Maintains Overweight On Advance Auto As Firm Notes Co. 'has one of the largest margin opportunities in retail'",
        { action: "maintain", firm: "Morgan Stanley", toRating: "Overweight" },
      ],
      ["Jefferies Reiterates Buy on Apple", { action: "reiterate", firm: "Jefferies", toRating: "Buy" }],
      ["Apple Gets Upgrade, Futures Reverse Downward Course As Washington Stimulus Awaited", { action: "upgrade" }],
    ])("%s", (headline, expected) => {
      expect(detectAnalystAction(headline)).toEqual(expected);
    });
  });

  describe("newswire phrasing", () => {
    it.each([
      ["Goldman upgrades Apple to buy", { action: "upgrade", firm: "Goldman", toRating: "Buy" }],
      ["Apple downgraded by Jefferies", { action: "downgrade", firm: "Jefferies" }],
      ["Apple downgraded to sell by Jefferies on iPhone worries", { action: "downgrade", firm: "Jefferies", toRating: "Sell" }],
      ["JP Morgan starts Apple at overweight", { action: "initiate", firm: "JP Morgan", toRating: "Overweight" }],
      [
        "Morgan Stanley cuts Apple (NASDAQ: AAPL) to equal-weight",
        { action: "downgrade", firm: "Morgan Stanley", ticker: "AAPL", toRating: "Equal-Weight" },
      ],
      [
        "BRIEF-Apple Inc <AAPL.O>: JP Morgan raises target price to $270 from $245",
        { action: "target_raise", firm: "JP Morgan", ticker: "AAPL", priceTarget: 270, previousTarget: 245 },
      ],
      ["Credit Suisse raises $AAPL price target to 150", { action: "target_raise", firm: "Credit Suisse", ticker: "AAPL", priceTarget: 150 }],
      ["Goldman slashes Tesla price target by USD 42 on demand concerns", { action: "target_cut", firm: "Goldman" }],
      ["FedEx falls on 2019 forecast cut , multiple brokerages lower price target", { action: "target_cut" }],
      ["Fitch downgrades WeWork after aborted IPO leaves financing hole", { action: "downgrade", firm: "Fitch" }],
      ["Boeing shares plunge 22% to six-year low on S&P downgrade", { action: "downgrade", firm: "S&P" }],
      ["GE shares tumble as J . P . Morgan analyst downgrades , cuts PT further", { action: "downgrade", firm: "J . P . Morgan" }],
    ])("%s", (headline, expected) => {
      expect(detectAnalystAction(headline)).toEqual(expected);
    });
  });

  it.each([
    "Tesla upgrades Model S , X cars , brings backs cheaper variants",
    "Japan downgrades second-quarter GDP as trade war hits business investment",
    "Ford to upgrade Chicago plant for SUVs , hire 450 workers",
    "Benzinga's Top Upgrades, Downgrades For April 17, 2020",
    "10 Biggest Price Target Changes For Friday",
    "Apple raises its dividend to $0.82 a share",
    "UPDATE: Raymond James Notes 'we think upgrades to 5G are inevitable'",
  ])("finds no analyst action in %s", (headline) => {
    expect(detectAnalystAction(headline)).toBeNull();
  });
});
