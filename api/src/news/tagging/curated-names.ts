// Hand-curated knowledge the index lists cannot give: short forms, former names, names that must
// never stand alone, and the evidence that tells a company from the ordinary word or person it is
// named like. Reviewed against every one-word alias built from data/reference/ (2026-08 lists);
// review again when those lists are replaced. Keys are lower case.

export interface AmbiguityRule {
  /** Words or phrases anywhere in the text that point to the company: products, executives, its trade. */
  cues?: string[];
  /** Words or phrases anywhere in the text that point to the other meaning (the rainforest, a travel visa). */
  otherMeaning?: string[];
  /** Words right after the name that make it the other meaning ("Price Target", "Delta variant"). */
  notBefore?: string[];
  /** Words right before the name that make it the other meaning ("Big Apple", "Mekong Delta"). */
  notAfter?: string[];
}

/**
 * Short forms and former names, keyed by one ticker of the company (all its share classes get them).
 * Brands and subsidiaries (Instagram, YouTube, Whole Foods) are left out: a headline about a brand
 * is not always news about its owner, and wrong tickers cost more than missed ones.
 */
export const extraAliases: Record<string, string[]> = {
  AAPL: ["Apple"],
  AMZN: ["Amazon", "Amazon.com"],
  GOOGL: ["Alphabet", "Google"],
  META: ["Meta", "Facebook"], // Facebook, Inc. until 2021-10-28, ticker FB until 2022-06-09
  MSFT: ["Microsoft"],
  "BRK.B": ["Berkshire", "Berkshire Hathaway"],
  JPM: ["JPMorgan", "JP Morgan", "J.P. Morgan", "JPMorgan Chase", "J.P. Morgan Chase"],
  BAC: ["BofA", "Bank of America"],
  C: ["Citi", "Citibank", "Citigroup"],
  GS: ["Goldman", "Goldman Sachs"],
  WFC: ["Wells Fargo"],
  MS: ["Morgan Stanley"],
  SCHW: ["Schwab", "Charles Schwab"],
  AXP: ["American Express", "Amex"],
  XOM: ["Exxon", "Exxon Mobil", "ExxonMobil"],
  CVX: ["Chevron"],
  KO: ["Coca-Cola", "Coca Cola"],
  PEP: ["PepsiCo", "Pepsi"],
  PG: ["P&G", "Procter & Gamble", "Procter and Gamble"],
  JNJ: ["J&J", "Johnson & Johnson", "Johnson and Johnson"],
  WMT: ["Walmart", "Wal-Mart"],
  DIS: ["Disney", "Walt Disney"],
  MCD: ["McDonald's", "McDonalds"],
  HD: ["Home Depot"],
  LOW: ["Lowe's", "Lowes"],
  TGT: ["Target"],
  COST: ["Costco"],
  GE: ["GE", "General Electric", "GE Aerospace"],
  HON: ["Honeywell"],
  HPQ: ["HP", "HP Inc"],
  HPE: ["HPE", "Hewlett Packard Enterprise"],
  CRM: ["Salesforce", "Salesforce.com"],
  LLY: ["Eli Lilly", "Lilly"],
  MRK: ["Merck"],
  BMY: ["Bristol-Myers Squibb", "Bristol Myers", "Bristol-Myers"],
  UNH: ["UnitedHealth", "UnitedHealthcare"],
  ELV: ["Elevance", "Anthem"], // Anthem, Inc. until 2022-06-28 (ticker ANTM)
  CVS: ["CVS", "CVS Health"],
  MU: ["Micron"],
  GILD: ["Gilead"],
  MDLZ: ["Mondelez"],
  MAR: ["Marriott"],
  HLT: ["Hilton"],
  PM: ["Philip Morris"],
  MO: ["Altria"],
  EL: ["Estee Lauder"],
  KHC: ["Kraft Heinz"],
  F: ["Ford", "Ford Motor"],
  GM: ["GM", "General Motors"],
  DAL: ["Delta", "Delta Air Lines", "Delta Airlines"],
  UAL: ["United Airlines", "United Continental"],
  LUV: ["Southwest", "Southwest Airlines"],
  AAL: ["American Airlines"],
  BA: ["Boeing"],
  LMT: ["Lockheed", "Lockheed Martin"],
  NOC: ["Northrop", "Northrop Grumman"],
  RTX: ["Raytheon", "Raytheon Technologies", "United Technologies"], // United Technologies renamed Raytheon Technologies 2020, RTX 2023
  DE: ["Deere", "John Deere"],
  UPS: ["UPS", "United Parcel Service"],
  T: ["AT&T"],
  TMUS: ["T-Mobile"],
  CHTR: ["Charter", "Charter Communications"],
  V: ["Visa"],
  PYPL: ["PayPal"],
  COF: ["Capital One"],
  COR: ["AmerisourceBergen", "Cencora"], // AmerisourceBergen until 2023-08-30 (ticker ABC)
  XYZ: ["Block", "Square"], // Square, Inc. until 2021-12-10 (ticker SQ until 2025-01-21)
  WBD: ["Warner Bros Discovery", "Warner Bros. Discovery", "Discovery", "WarnerMedia", "Warner Bros"],
  PSKY: ["Paramount", "Paramount Global", "ViacomCBS", "Paramount Skydance"], // Paramount Global merged into Paramount Skydance 2025-08
  DOW: ["Dow Inc", "Dow Chemical"],
  NDAQ: ["Nasdaq Inc", "Nasdaq OMX"],
  BKNG: ["Booking Holdings", "Booking.com", "Priceline"],
  YUM: ["Yum", "Yum Brands", "Yum! Brands"],
  NCLH: ["Norwegian Cruise Line", "Norwegian Cruise"],
  CCL: ["Carnival", "Carnival Corp"],
  WYNN: ["Wynn Resorts"],
  MGM: ["MGM Resorts"],
  CZR: ["Caesars Entertainment"],
  TTWO: ["Take-Two", "Take-Two Interactive"],
  AMD: ["AMD", "Advanced Micro Devices"],
  ON: ["onsemi", "ON Semiconductor"],
  KLAC: ["KLA", "KLA-Tencor"],
  MCO: ["Moody's"],
  BEN: ["Franklin Templeton"],
  SPGI: ["S&P Global", "Standard & Poor's"],
  ICE: ["Intercontinental Exchange"],
  RJF: ["Raymond James"],
  TFC: ["Truist"],
  PRU: ["Prudential", "Prudential Financial"],
  HIG: ["The Hartford", "Hartford Financial"],
  ADM: ["ADM", "Archer-Daniels-Midland", "Archer Daniels Midland"],
  "BF.B": ["Brown-Forman"],
  MTCH: ["Match Group"],
  GAP: ["Gap", "Gap Inc"],
  NWSA: ["News Corp"],
  FOXA: ["Fox", "Fox Corp", "Fox Corporation"],
  UAA: ["Under Armour"],
  GLW: ["Corning"],
  BALL: ["Ball Corp", "Ball Corporation"],
  PGR: ["Progressive", "Progressive Corp"],
  CFG: ["Citizens Financial"],
  ORCL: ["Oracle"],
  NVDA: ["Nvidia"],
  TSLA: ["Tesla"],
  NKE: ["Nike"],
  CAT: ["Caterpillar"],
  ADBE: ["Adobe"],
  IBM: ["IBM", "International Business Machines"],
  AIG: ["AIG"],
  CSCO: ["Cisco", "Cisco Systems"],
  QCOM: ["Qualcomm"],
  INTC: ["Intel"],
  CMCSA: ["Comcast"],
  LVS: ["Las Vegas Sands"],
  SO: ["Southern Company", "Southern Co"],
  EA: ["Electronic Arts"],
};

/** Tickers that changed, as news of the snapshot years writes them: "$FB" and "(NASDAQ: FB)" are Meta. */
export const formerTickers: Record<string, string> = {
  FB: "META", // renamed 2022-06-09 (FB is now reused by an ETF, which news rarely cashtags)
  ABC: "COR", // AmerisourceBergen → Cencora 2023-08-30
  ANTM: "ELV", // Anthem → Elevance Health 2022-06-28
  UTX: "RTX", // United Technologies → Raytheon Technologies 2020-04-03
  SQ: "XYZ", // Block 2025-01-21
  FI: "FISV", // Fiserv traded as FI 2023-06 to 2025-11
  PARA: "PSKY", // Paramount Global → Paramount Skydance 2025-08-07
  VIAC: "PSKY",
  DISCA: "WBD", // Discovery → Warner Bros. Discovery 2022-04-11
  DISCK: "WBD",
  BLL: "BALL", // Ball Corporation 2022-05
  PKI: "RVTY", // PerkinElmer → Revvity 2023-05
  WLTW: "WTW", // Willis Towers Watson 2022-01
  PEAK: "DOC", // Healthpeak 2024-03
  NLOK: "GEN", // NortonLifeLock → Gen Digital 2022-11
  RE: "EG", // Everest Re → Everest Group 2023-07
  FLT: "CPAY", // FleetCor → Corpay 2024-03
  FBHS: "FBIN", // Fortune Brands Innovations 2022-12
  GPS: "GAP", // Gap Inc. 2024-08
  HFC: "DINO", // HollyFrontier → HF Sinclair 2022-03
  BK: "BNY", // Bank of New York Mellon → BNY (same CIK 1390777 in the S&P 500 list)
  MMC: "MRSH", // Marsh & McLennan → Marsh McLennan, MRSH (same CIK 62709)
};

/** Aliases the lists would produce that name something else far more often. */
export const blockedAliases = new Set([
  "dow", // the Dow Jones index
  "nasdaq", // the exchange and its indices
  "news", // News Corp without "Corp"
  "southern", // Southern California Edison, Southern Baptist...
  "bancorp", // "The Bancorp" without "The"
  "q2", // the second quarter, not Q2 Holdings
  "api", // application programming interface, not APi Group
  "now", // "BUY NOW", not NOW Inc.
  "sba", // the Small Business Administration, not SBA Communications
  "fb", // Facebook's abbreviation, not FB Financial
  "liquidity", // the word, not Liquidity Services
  "american", // American International Group without the rest; American Airlines is named in full
  "myr", // the Malaysian ringgit code
  "palo alto", // the city, not Palo Alto Networks
  "charles river", // the river, not Charles River Laboratories
]);

// Finance words that often follow a broker's name in analyst headlines ("Wells Fargo Maintains ...").
export const brokerTickers = new Set(["GS", "MS", "JPM", "BAC", "C", "WFC", "RJF", "JEF", "SF", "PIPR", "EVR", "KEY", "TFC", "MC", "SCHW"]);

/**
 * Names that are also surnames, first names or places ("Tyler", "Dover", "Williams"): treated like
 * ordinary words (they need evidence), and dropped for S&P 400/600-only companies.
 */
export const personOrPlaceNames = new Set([
  "alamo", "brady", "brunswick", "cabot", "capri", "carlisle", "carter", "casey", "dana", "dover", "eaton", "everest",
  "graham", "hartford", "hawkins", "hayward", "hilton", "hyatt", "kemper", "kirby", "knowles", "lear", "lindsay",
  "lowe", "macy", "mccormick", "mcdonald", "merck", "monro", "olin", "polaris", "rogers", "ryder", "tennant", "tyler",
  "wendy", "williams", "woodward", "hertz", "celsius", "sabre", "toro", "kohl", "lilly", "prudential", "marathon",
  "jack henry", "robert half", "ralph lauren",
  "matson", "moog", "plexus", "unum", "saia", "stepan", "wynn", "caesars", "yum", "cava", "essent", "graco", "hubbell",
  "powell", "jackson", "bentley", "oxford", "patrick", "mueller", "penn", "cincinnati", "lincoln", "jacobs", "acadia",
  "arrowhead", "eqt", "boyd", "lennar", "garmin", "cummins", "textron", "harley", "devon", "franklin",
  "edison", "baxter", "otis", "ferguson", "microchip", "hilltop", "bristow", "palomar", "werner",
]);

/** Company-specific evidence for names that are also words, people or places. */
export const ambiguityRules: Record<string, AmbiguityRule> = {
  apple: {
    cues: ["iphone", "iphones", "ipad", "ios", "mac", "macbook", "airpods", "app store", "tim cook", "siri", "icloud", "apple watch", "apple pay", "apple tv", "apple music", "cupertino"],
    otherMeaning: ["orchard", "orchards", "cider", "fruit", "pie", "juice", "growers", "harvest"],
    notBefore: ["pie", "juice", "cider", "orchard", "orchards", "tree", "trees", "growers", "harvest", "blossom"],
    notAfter: ["big", "green", "red", "adam"],
  },
  amazon: {
    cues: ["aws", "bezos", "jassy", "alexa", "prime", "whole foods", "kindle", "e-commerce", "ecommerce", "online retailer", "warehouse", "warehouses"],
    otherMeaning: ["rainforest", "forest", "deforestation", "fires", "river", "basin", "jungle", "amazonia", "biodiversity"],
    notBefore: ["rainforest", "forest", "river", "basin", "region", "fund", "jungle", "fires", "tribe", "tribes"],
    notAfter: ["the", "brazilian", "peruvian", "ecuadorean", "colombian"],
  },
  target: {
    cues: ["cornell", "retailer", "walmart", "stores", "shoppers"],
    notBefore: ["price", "prices", "rate", "rates", "range", "date", "audience", "list", "zone", "of", "for", "practice"],
    notAfter: ["price", "inflation", "military", "emissions", "growth", "on", "primary", "key", "easy", "prime", "the", "a", "new", "its", "their"],
  },
  visa: {
    cues: ["mastercard", "payments", "payment", "card", "cards", "cardholders", "fintech"],
    otherMeaning: ["immigration", "immigrants", "migrants", "h-1b", "h1b", "student", "students", "asylum", "embassy", "consulate", "passport", "travel ban", "waiver", "deport", "green card", "citizenship", "overstay", "work permit"],
    notBefore: ["restrictions", "ban", "bans", "rules", "program", "programme", "applications", "application", "holders", "waiver", "requirements", "policy", "fees", "free", "scheme", "overstays", "lottery"],
    notAfter: ["golden", "student", "work", "tourist", "travel", "entry", "exit", "investor", "skilled", "h1b"],
  },
  gap: {
    cues: ["old navy", "banana republic", "athleta", "apparel", "retailer", "clothing"],
    otherMeaning: ["deficit", "widens", "narrows", "wage", "gender", "income", "wealth", "funding", "skills", "trade gap", "pay gap"],
    notBefore: ["year", "between", "widens", "narrows", "widened", "narrowed", "in", "with"],
    notAfter: ["trade", "pay", "wage", "gender", "funding", "output", "valuation", "generation", "income", "wealth", "the", "a", "widening", "cumberland"],
  },
  ball: {
    cues: ["cans", "aluminum", "aluminium", "packaging", "beverage can", "container"],
    otherMeaning: ["nba", "basketball", "football", "soccer", "golf", "baseball", "lonzo", "lamelo", "lavar", "crystal", "game", "players"],
    notBefore: ["game", "games", "state", "park"],
  },
  progressive: {
    cues: ["insurer", "auto insurance", "policies in force", "car insurance", "insurance"],
    otherMeaning: ["party", "caucus", "democrats", "conservatives", "liberal", "liberals", "voters", "candidate", "sanders", "warren", "ocasio-cortez", "left-wing", "politics"],
    notBefore: ["party", "caucus", "democrats", "conservatives", "movement", "era", "agenda", "policies", "candidate", "candidates", "wing", "groups", "rock"],
  },
  citizens: {
    cues: ["bank", "lender", "banking", "citizens financial"],
    otherMeaning: ["united", "voters", "arrested", "evacuate", "evacuated", "detained", "nationals", "citizenship", "passport"],
    notBefore: ["united", "advice", "arrest", "band", "initiative"],
  },
  discovery: {
    cues: ["warner", "hbo", "discovery+", "discovery plus", "zaslav", "cable network", "scripps", "eurosport"],
    otherMeaning: ["scientists", "space", "nasa", "shuttle", "archaeologists", "fossil", "drug discovery", "lawsuit discovery", "evidence"],
    notBefore: ["channel", "shuttle", "process", "phase", "platform", "program", "centre", "center"],
    notAfter: ["drug", "new", "the", "a", "price", "scientific"],
  },
  corning: {
    cues: ["gorilla glass", "glass", "optical", "fiber", "fibre"],
    notBefore: ["ny", "new york", "community", "museum"],
  },
  fox: {
    cues: ["murdoch", "fox news", "fox sports", "tubi", "broadcaster", "network"],
    otherMeaning: ["michael j", "megan", "vicente", "fox hunting", "wildlife"],
    notBefore: ["news", "business", "hunting", "hunt", "searchlight"],
    notAfter: ["j", "megan", "vicente", "arctic", "red", "silver", "the", "a"],
  },
  match: {
    cues: ["tinder", "hinge", "okcupid", "dating", "match.com"],
    otherMeaning: ["football", "soccer", "tennis", "cricket", "rugby", "league", "cup", "players", "fixing", "wimbledon", "fifa", "uefa", "olympics"],
    notBefore: ["day", "fixing", "point", "report", "funding", "made"],
  },
  paramount: {
    cues: ["cbs", "viacom", "skydance", "pluto", "showtime", "nickelodeon", "paramount+", "paramount plus", "studio", "box office", "ellison"],
    otherMeaning: ["paramount leader", "paramount importance"],
    notBefore: ["leader", "importance", "concern", "objective"],
  },
  ford: {
    cues: ["f-150", "f150", "mustang", "bronco", "farley", "hackett", "automaker", "carmaker", "dearborn", "lincoln", "vehicles", "pickup", "uaw"],
    otherMeaning: ["harrison", "blasey", "kavanaugh", "gerald", "ontario", "premier", "doug", "tom ford", "christine"],
    notBefore: ["foundation", "field", "theatre", "theater", "library"],
  },
  delta: {
    cues: ["airline", "airlines", "carrier", "flights", "flight", "pilots", "bastian", "atlanta-based", "skymiles", "air lines"],
    otherMeaning: ["variant", "mekong", "niger", "nile", "mississippi", "pearl river", "yangtze", "sacramento", "covid", "coronavirus", "plus", "omicron"],
    notBefore: ["variant", "variants", "strain", "region", "state", "smelt", "force", "works", "plus", "wave"],
    notAfter: ["river", "pearl", "mekong", "niger", "nile", "the", "a"],
  },
  southwest: {
    cues: ["airline", "airlines", "carrier", "flights", "flight", "pilots", "kelly", "jordan", "dallas-based", "boeing 737", "737 max"],
    otherMeaning: ["border", "china", "region", "desert", "monsoon", "wildfire", "wildfires", "florida", "drought", "storm"],
    notBefore: ["china", "asia", "region", "border", "florida", "u", "us", "states", "monsoon", "pacific", "gas"],
    notAfter: ["the", "american", "desert", "u", "us"],
  },
  carnival: {
    cues: ["cruise", "cruises", "cruise line", "ships", "princess cruises", "passengers"],
    otherMeaning: ["rio", "festival", "samba", "notting hill", "parade"],
    notAfter: ["rio", "hill", "the", "a", "brazilian", "brazil"],
  },
  oracle: {
    cues: ["ellison", "catz", "database", "cloud", "tiktok", "cerner", "software"],
    notBefore: ["of"],
  },
  block: {
    cues: ["square", "cash app", "dorsey", "afterpay", "bitcoin", "tidal", "payments", "fintech"],
    notAfter: ["h", "r", "trading", "voting", "a", "the", "building", "city"],
    notBefore: ["trade", "trades", "vote", "voting", "party", "grant", "exemption", "of", "by", "on"],
  },
  square: {
    cues: ["cash app", "dorsey", "payments", "fintech", "sellers", "merchants"],
    notAfter: ["times", "tiananmen", "red", "trafalgar", "town", "city", "the", "a", "washington", "union", "madison"],
    notBefore: ["feet", "foot", "meters", "metres", "miles", "kilometers", "kilometres", "mile", "garden", "one"],
  },
  meta: {
    cues: ["facebook", "instagram", "whatsapp", "zuckerberg", "oculus", "threads", "metaverse", "social media"],
  },
  alphabet: {
    cues: ["google", "youtube", "waymo", "pichai", "deepmind", "verily"],
  },
  prudential: {
    cues: ["prudential financial", "newark"],
    otherMeaning: ["britain", "british", "london", "uk", "asia", "jackson", "m&g", "hong kong", "plc"],
  },
  hartford: { cues: ["insurer", "insurance"], otherMeaning: ["connecticut", "whalers"] },
  abbott: {
    cues: ["covid test", "test", "tests", "diagnostics", "medical device", "medical devices", "binaxnow", "freestyle", "libre", "similac", "infant formula", "baby formula"],
    otherMeaning: ["texas", "governor", "gov", "greg abbott", "tony abbott"],
  },
  waters: { cues: ["chromatography", "mass spectrometry", "instruments"], notAfter: ["muddy", "territorial", "coastal", "international", "troubled", "uncharted", "the"] },
  flex: { cues: ["contract manufacturer", "electronics manufacturer", "manufacturing services"], otherMeaning: ["ford"] },
  williams: { cues: ["pipeline", "natural gas", "transco", "midstream"] },
  lilly: { cues: ["insulin", "mounjaro", "zepbound", "trulicity", "drugmaker", "fda", "alzheimer", "obesity", "weight-loss"] },
  merck: { cues: ["keytruda", "gardasil", "drugmaker", "fda"], otherMeaning: ["kgaa", "darmstadt", "german"], notBefore: ["kgaa"] },
  marathon: { cues: ["petroleum", "refiner", "refining", "speedway"], otherMeaning: ["runners", "race", "runner", "olympic"] },
  hilton: { cues: ["hotel", "hotels", "nassetta", "hospitality"], notAfter: ["paris", "perez", "conrad"] },
  dover: { cues: ["industrial", "pumps"], otherMeaning: ["port", "channel", "calais", "ferry", "ferries", "kent", "delaware"] },
  everest: { cues: ["reinsurance", "reinsurer", "insurer"], otherMeaning: ["climbers", "climb", "summit", "mountaineers", "nepal", "sherpa", "himalayas"] },
  charter: { cues: ["cable", "spectrum", "broadband", "rutledge", "cable operator"], notBefore: ["flight", "flights", "school", "schools", "plane", "jet"] },
  monster: { cues: ["energy drink", "energy drinks", "beverage", "coca-cola"] },
  micron: { cues: ["memory", "chipmaker", "chips", "dram", "nand", "semiconductor"] },
  travelers: { cues: ["insurer", "insurance", "catastrophe"], otherMeaning: ["airport", "airports", "tsa", "holiday", "quarantine", "tourists"] },
  msci: { cues: ["index provider"], otherMeaning: ["index", "indexes", "indices", "benchmark", "gauge", "acwi"] },
  wynn: { cues: ["macau", "casino", "casinos", "resorts"], otherMeaning: ["steve wynn"] },
  yum: { cues: ["taco bell", "kfc", "pizza hut", "fast food", "fast-food", "restaurants"] },
  caterpillar: { cues: ["machinery", "construction equipment", "mining equipment", "excavators", "bulldozers", "dealers"] },
  adobe: { cues: ["photoshop", "acrobat", "figma", "creative cloud", "software"] },
};
