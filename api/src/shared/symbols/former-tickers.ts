// Renamed tickers → today's: the bundled lists (data/reference/) are from 2026, the bundled news and
// prices from earlier years. Used wherever a symbol from those years is read (news, prices, symbol search).

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
