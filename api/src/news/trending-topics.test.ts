import { backgroundOf, corpusWithout, countTerms, headlineTerms, rankTrendingTopics, stopWords } from "./trending-topics";

describe("headlineTerms", () => {
  it("keeps content words and adjacent pairs, without stop-words, numbers or excluded names", () => {
    const terms = headlineTerms("Apple's new iPad Pro is faster than the 2020 model", new Set(["apple"]));
    expect([...terms]).toEqual(["new", "new ipad", "ipad", "ipad pro", "pro", "faster", "model"]);
    expect([...terms].some((term) => stopWords.has(term))).toBe(false);
  });
});

describe("rankTrendingTopics", () => {
  const background = countTerms([
    ...Array.from({ length: 200 }, (_, index) => `Stocks rise as shares of company ${index} gain on earnings`),
    "Senate hearing on banks",
  ]);

  it("ranks what stands out against the corpus, not what is merely frequent", () => {
    const target = countTerms(
      [
        "Shares rise ahead of antitrust hearing",
        "Senate antitrust hearing puts app stores in focus",
        "Shares gain on earnings",
        "Shares rise on earnings",
      ],
      new Set(["apple"]),
    );
    const topics = rankTrendingTopics(target, backgroundOf(background));
    const terms = topics.map((topic) => topic.term);
    expect(terms[0]).toBe("antitrust hearing"); // the phrase replaces its words when it has the same count
    expect(terms).not.toContain("antitrust");
    expect(terms).not.toContain("shares"); // frequent here, but just as frequent everywhere
    expect(topics.every((topic) => topic.count >= 2 && topic.score >= 1.96)).toBe(true);
  });

  it("needs at least two headlines for a term", () => {
    const target = countTerms(["Antitrust hearing today"]);
    expect(rankTrendingTopics(target, backgroundOf(background))).toEqual([]);
  });

  it("compares against the corpus without the target's own headlines", () => {
    const titles = ["Antitrust hearing on app stores", "App stores antitrust hearing continues"];
    const corpus = countTerms([...titles, "Markets rally"]);
    const without = corpusWithout(corpus, countTerms(titles));
    expect(without.count("antitrust")).toBe(0);
    expect(without.count("markets")).toBe(1);
  });
});
