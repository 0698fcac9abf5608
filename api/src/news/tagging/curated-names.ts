// Hand-curated tagging knowledge the index lists cannot give: names that must never stand alone,
// and the evidence that tells a company from the ordinary word or person it is named like (short
// forms, former names and tickers are shared reference data: shared/symbols/). Reviewed against every one-word alias built from data/reference/ (2026-08 lists);
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
