import { scoreTextWithAfinn } from "./afinn";
import { scoreText } from "./scorer";

// Sentences are written for these tests or quoted from the project's own news
// sources (Benzinga, Reuters, Finnhub headlines in shared/data/news). None come
// from the Financial PhraseBank, whose licence keeps it out of the project.

function labelOf(text: string) {
  return scoreText(text).label;
}

function termsOf(text: string) {
  return Object.fromEntries(scoreText(text).terms.map(({ term, weight }) => [term, weight]));
}

describe("scoreText", () => {
  it("returns a score in −1..1, a label and the terms that moved it", () => {
    const result = scoreText("Acme's net profit rose 12 % and the board raised the dividend");

    expect(result.score).toBeGreaterThan(0.2);
    expect(result.score).toBeLessThanOrEqual(1);
    expect(result.label).toBe("bullish");
    expect(result.terms).toEqual([
      { term: "profit rose", weight: 3 },
      { term: "raised dividend", weight: 3 },
    ]);
  });

  it("is neutral, with no terms, for plain facts and empty text", () => {
    expect(scoreText("Verizon to sell Tumblr to WordPress owner")).toEqual({ score: 0, label: "neutral", terms: [] });
    expect(scoreText("")).toEqual({ score: 0, label: "neutral", terms: [] });
  });

  it("is deterministic", () => {
    const text = "Globex shares plunged after it cut its full-year guidance";
    expect(scoreText(text)).toEqual(scoreText(text));
  });

  describe("a metric with a direction, in either order", () => {
    it.each([
      ["Quarterly revenue increased 8 % to USD 410 million", "bullish", "revenue increased"],
      ["Initech increased its net sales by 5 %", "bullish", "increased sales"],
      ["Operating margin improved to 11.2 %", "bullish", "margin improved"],
      ["Net sales decreased by 3 % in the first half", "bearish", "sales decreased"],
      ["The operating loss narrowed to EUR 2.1 mn", "bullish", "loss narrowed"],
      ["Its net loss widened as demand faded", "bearish", "loss widened"],
      ["Hooli decreased its loss in the third quarter", "bullish", "decreased loss"],
      ["Umbrella will cut costs by closing two offices", "bullish", "cut costs"],
      ["Umbrella cut its full-year guidance", "bearish", "cut guidance"],
      ["Vandelay plans to cut 600 jobs", "bearish", "cut jobs"],
      ["Orders fell 9 % year-on-year", "bearish", "orders fell"],
      ["Sales were up 4 % on the year", "bullish", "sales up"],
    ])("%s → %s (%s)", (text, label, term) => {
      expect(labelOf(text)).toBe(label);
      expect(termsOf(text)).toHaveProperty([term]);
    });

    it("pairs each direction with its nearest metric", () => {
      // "increased" belongs to the costs, not to the result: rising costs are bad news.
      expect(termsOf("The result will suffer from increased raw material costs")).toEqual({
        "increased costs": -3,
        suffer: -1,
      });
    });

    it("reads the direction a sentence only implies through two figures", () => {
      expect(termsOf("Operating profit totalled EUR 13.4 mn , compared to EUR 9.1 mn a year earlier")).toEqual({
        "profit up (9.1 mn → 13.4 mn)": 3,
      });
      expect(labelOf("Pretax loss came to EUR 22 mn , compared with a loss of EUR 6.5 mn in 2009")).toBe("bearish");
      expect(labelOf("Net sales went from EUR 31 mn to EUR 27.5 mn")).toBe("bearish");
      // Conversions in parentheses and years are not the figures compared.
      expect(labelOf("Net profit was EUR 4.2 million ( USD 6.1 million ) in 2008 , against EUR 5.0 million in 2007")).toBe(
        "bearish",
      );
      // "from 8 to 12 units" is a range, not a change.
      expect(labelOf("Production volumes range from 8 to 12 units a day")).toBe("neutral");
    });

    it("recognises a swing between profit and loss", () => {
      expect(labelOf("The group swung to a net profit of EUR 3 mn from a loss a year ago")).toBe("bullish");
      expect(labelOf("It posted a net loss of EUR 1.2 mn , compared with a net profit of EUR 0.8 mn")).toBe("bearish");
      expect(labelOf("The retailer turned to a loss in the fourth quarter")).toBe("bearish");
    });

    it("reads negative figures written with a minus or the word negative", () => {
      expect(labelOf("Cash flow from operations was a negative EUR 2 mn , compared to EUR 5 mn a year earlier")).toBe(
        "bearish",
      );
      expect(labelOf("EBIT totalled EUR 0.4 mn , up from EUR -0.2 mn")).toBe("bullish");
    });
  });

  describe("finance vocabulary", () => {
    it.each([
      ["Initech beats fourth-quarter estimates", "bullish"],
      ["Results came in below expectations", "bearish"],
      ["Results were in line with expectations", "neutral"],
      ["Quarterly sales were smaller than expected", "bearish"],
      ["The company reported a smaller-than-expected loss", "bullish"],
      ["Hooli falls short of revenue forecasts", "bearish"],
      ["Goldman upgrades Globex", "bullish"],
      ["Analysts downgrade Globex after the warning", "bearish"],
      ["Shareholders file class action lawsuit against Acme", "bearish"],
      ["Acme issues profit warning", "bearish"],
      ["Carmaker to recall 40,000 vehicles", "bearish"],
      ["Retailer files for bankruptcy protection", "bearish"],
      ["Board approves a USD 2 billion share buyback", "bullish"],
      ["Acme shares hit a 52-week high", "bullish"],
      ["Acme stock sinks to record low", "bearish"],
      ["Shares soar after the merger news", "bullish"],
      ["Engineering group wins a EUR 40 mn order from a utility", "bullish"],
    ])("%s → %s", (text, label) => {
      expect(labelOf(text)).toBe(label);
    });

    it("ignores AFINN words that mean something else in finance", () => {
      // AFINN scores "gross" −2, "crude" −1, "outstanding" +5, "share" +1, "tender" +2.
      expect(labelOf("Gross margin and crude oil volumes were reported for the quarter")).toBe("neutral");
      expect(labelOf("The number of shares outstanding is 106 million")).toBe("neutral");
      expect(labelOf("The tender offer values the company at EUR 80 mn")).toBe("neutral");
    });

    it("does not read raising money as a metric going up", () => {
      expect(labelOf("Tencent raises USD 6 billion in largest Asian corporate debt deal this year")).toBe("neutral");
    });
  });

  describe("negation", () => {
    it.each([
      ["Initech did not beat estimates", "bearish", "not beat estimates"],
      ["Sales did not increase in March", "bearish", "not sales increase"],
      ["The company failed to beat forecasts", "bearish", "failed to beat forecasts"],
      ["The chief executive promised no layoffs this year", "bullish", "no layoffs"],
      ["Apple: Don't Fear The Pullback", "bullish", "don't fear"],
    ])("%s → %s (%s)", (text, label, term) => {
      expect(labelOf(text)).toBe(label);
      expect(termsOf(text)).toHaveProperty([term]);
    });

    it("stops at the end of the clause", () => {
      expect(termsOf("Terms were not disclosed ; profit rose")).toEqual({ "profit rose": 3 });
    });
  });

  describe("real headlines from the project's sources", () => {
    it.each([
      // Benzinga
      [
        "Agilent Technologies shares are trading higher after the company reported better-than-expected Q3 EPS and sales results.",
        "bullish",
      ],
      ["AbbVie Raises FY18 Adj. EPS Guidance From $7.76-$7.86 To $7.90-$7.92 vs $7.88 Est.", "bullish"],
      ["Morgan Stanley Maintains Overweight on Advance Auto Parts, Lowers Price Target to $175", "bearish"],
      ["Amerisource Bergen shares are trading lower after Evercore ISI Group and Bank of America downgraded the company's stock", "bearish"],
      // Finnhub (AAPL, March 2021)
      ["All Apple retail stores in U.S. open for first time in almost a year; stock jumps", "bullish"],
      ["Apple Shares Are Lagging the Market. Why the Stock Could Continue to Underperform.", "bearish"],
      ["Twitter Sues To Halt Texas AG's Probe Of Trump Ban", "bearish"],
      // Reuters (normalised spacing as in the dataset)
      ["BP boosts dividend as profit tops forecast and CEO bows out", "bullish"],
      ["Brazil Embraer's deliveries of commercial jets continue to fall in second quarter", "bearish"],
      ["Volkswagen to recall 700 , 000 cars over roof lighting : trade magazine", "bearish"],
      ["GoPro tops revenue estimates , posts first profit in five quarters", "bullish"],
      ["Intel shares drop , three-year outlook seen lagging rivals", "bearish"],
    ])("%s → %s", (text, label) => {
      expect(labelOf(text)).toBe(label);
    });
  });
});

describe("scoreTextWithAfinn (the plain-AFINN baseline)", () => {
  it("scores with the sentiment package alone, normalised and labelled the same way", () => {
    expect(scoreTextWithAfinn("A good quarter")).toEqual({
      score: 3 / Math.sqrt(9 + 15),
      label: "bullish",
      terms: [{ term: "good", weight: 3 }],
    });
  });

  it("misses what the finance layer reads: a narrowing loss is good news", () => {
    const text = "The operating loss narrowed to EUR 2.1 mn";
    expect(scoreTextWithAfinn(text).label).toBe("bearish");
    expect(scoreText(text).label).toBe("bullish");
  });
});
