import { cleanTickerList, EMPTY_PRO_FILTERS, numberRuleProblem, parseTickerCsv, parseTickerList, PRO_NUMBER_RULES, proFilterProblems, TickerCsvError } from "./screen-rules";

describe("manual ticker lists (spec §5)", () => {
  it("trims, upper-cases, drops invalid entries and repeats", () => {
    expect(parseTickerList(" aapl, MSFT ,nvda,,jpm, amzn, msft, 123, TOOLONG, BRK.B")).toEqual({
      tickers: ["AAPL", "MSFT", "NVDA", "JPM", "AMZN"],
      dropped: ["123", "TOOLONG", "BRK.B"],
    });
  });

  it("accepts one ticker per line as well", () => {
    expect(parseTickerList("aapl\nmsft\r\nnvda").tickers).toEqual(["AAPL", "MSFT", "NVDA"]);
  });

  it("applies the same rules to a list sent by an API caller", () => {
    expect(cleanTickerList(["ko", " KO ", "", "x1"])).toEqual({ tickers: ["KO"], dropped: ["x1"] });
  });
});

describe("CSV upload (spec §5)", () => {
  it("uses the column named like Symbol, keeps valid de-duplicated tickers and drops junk rows", () => {
    const csv = "Name,Symbol,Weight\nApple,aapl,0.1\nMicrosoft,MSFT,0.2\nJunk,12345,0\nApple again,AAPL,0.1\n,,\nTotal,,1\nNvidia,\"nvda\",0.3\n";
    expect(parseTickerCsv(csv)).toEqual({ tickers: ["AAPL", "MSFT", "NVDA"], dropped: ["12345"], column: "Symbol" });
  });

  it("falls back to the first column when no header names a ticker or symbol", () => {
    expect(parseTickerCsv("code,name\nKO,Coca-Cola\npep,PepsiCo").tickers).toEqual(["KO", "PEP"]);
  });

  it("matches header names case-insensitively, e.g. 'Ticker Symbol'", () => {
    expect(parseTickerCsv("\uFEFFid,TICKER SYMBOL\n1,jpm\n2,jpm").tickers).toEqual(["JPM"]);
  });

  it("keeps a quoted company name with a comma in its own cell", () => {
    const csv = 'Company,Ticker\n"Apple, Inc.",AAPL\n"Berkshire Hathaway, Inc. ""B""",brk\nMicrosoft,msft\n';
    expect(parseTickerCsv(csv)).toEqual({ tickers: ["AAPL", "BRK", "MSFT"], dropped: [], column: "Ticker" });
  });

  it("reads a spreadsheet export: byte-order mark, quoted header, CRLF lines, spaces around cells", () => {
    const csv = '\uFEFF"Company Name","Symbol"\r\n"Apple, Inc." , "aapl"\r\n"NVIDIA Corp",NVDA\r\n\r\n';
    expect(parseTickerCsv(csv)).toEqual({ tickers: ["AAPL", "NVDA"], dropped: [], column: "Symbol" });
  });

  it("has no column and no tickers for an empty file, and no tickers for a header alone", () => {
    expect(parseTickerCsv("")).toEqual({ tickers: [], dropped: [], column: null });
    expect(parseTickerCsv("Symbol\n")).toEqual({ tickers: [], dropped: [], column: "Symbol" });
  });

  it("says which line has an unbalanced quote", () => {
    expect(() => parseTickerCsv('Name,Symbol\nApple,AAPL\n"Microsoft,MSFT\n')).toThrow(new TickerCsvError("check the quotes on line 3"));
  });
});

describe("Pro filter rules", () => {
  it("accepts empty filters and names each broken bound, pair and fund rule", () => {
    expect(proFilterProblems(EMPTY_PRO_FILTERS)).toEqual([]);
    expect(
      proFilterProblems({ minAiScore: 1.5, maxAiRank: 2.5, minReturn3m: 0.5, maxReturn3m: 0.1, sectors: ["Tech" as never], fundCik: "abc" }),
    ).toEqual([
      { field: "minAiScore", message: "minAiScore must be between 0 and 1" },
      { field: "maxAiRank", message: "maxAiRank must be a whole number" },
      { field: "minReturn3m", message: "minReturn3m must be at most maxReturn3m" },
      { field: "sectors", message: expect.stringMatching(/^sectors must be GICS sectors/) },
      { field: "fundCik", message: "fundCik must be an SEC CIK (1 to 10 digits)" },
    ]);
  });

  it("checks the sentiment range across the Basic floor and the Pro ceiling, and wants fundChange with fundCik", () => {
    expect(proFilterProblems({ maxSentiment: 0.1 }, { minSentiment: 0.4 })).toEqual([{ field: "minSentiment", message: "minSentiment must be at most maxSentiment" }]);
    expect(proFilterProblems({ fundCik: "1067983" })).toEqual([{ field: "fundChange", message: expect.stringMatching(/^fundChange must be set when fundCik is/) }]);
    expect(proFilterProblems({ fundCik: "1067983", fundChange: "new" })).toEqual([]);
  });

  it("words a number's problem as the server does", () => {
    expect(numberRuleProblem("maxDaysToReport", PRO_NUMBER_RULES.maxDaysToReport, 0)).toBe("maxDaysToReport must be between 1 and 365");
    expect(numberRuleProblem("maxDaysToReport", PRO_NUMBER_RULES.maxDaysToReport, null)).toBeNull();
  });
});
