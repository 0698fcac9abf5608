// A first start killed while it loads the bundled snapshots (SIGKILL in the news load, SIGKILL and
// then SIGTERM in the price load) must leave a database that the next start completes: the same
// rows as an uninterrupted load, indicators included, nothing twice.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../src/db/database";
import { ready, startServer, type LogLine, type ServerProcess } from "./server-process";

// What an uninterrupted first start stores (api/src/market-data/price-snapshot.test.ts and
// api/src/news/snapshot/news-snapshot.test.ts check the same loads in detail).
const cleanLoad = {
  bars: 1_094_162,
  tickers: 681,
  articles: { stocknewsapi: 25, finnhub: 197, benzinga: 1191, "yahoo-ratings": 106, reuters: 25_966, cnbc: 2213 },
};
const port = 3470;
let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-fault-start-"));
});
afterAll(async () => {
  server?.kill("SIGKILL");
  await server?.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = () => (server = startServer(port, { DATA_DIR: dataDir, DATABASE_URL: "" }));
const newsBatch = (source: string) => (line: LogLine) => line.msg === "news snapshot batch stored" && line.source === source;
const priceBatch = (atLeastRows: number) => (line: LogLine) =>
  line.msg === "price snapshot batch stored" && Number(line.rows) >= atLeastRows;
const logged = (message: string) => (line: LogLine) => line.msg === message;

it("a start killed in the news load, then in the price load, then stopped by SIGTERM is completed by the next start", async () => {
  // 1. SIGKILL once the first Reuters batch is stored: Reuters in part, CNBC and the prices not at all.
  await start().waitForLog(newsBatch("reuters"));
  // The port is open while the data loads: the process is healthy, data requests say how far the load is.
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  const loading = await fetch(`http://127.0.0.1:${port}/api/news-sentiment/AAPL`);
  expect(loading.status).toBe(503);
  expect(await loading.json()).toMatchObject({ code: "DATA_LOADING", loadedPercent: expect.any(Number) });
  server!.kill("SIGKILL");
  expect(await server!.exited).toBe("SIGKILL");

  // 2. The next start stores the rest of the news, once; SIGKILL it 100,000 bars into the prices.
  await start().waitForLog(priceBatch(100_000));
  server!.kill("SIGKILL");
  expect(await server!.exited).toBe("SIGKILL");
  const skipped = server!.logs.filter(logged("bundled snapshot skipped")).map((line) => line.snapshot);
  expect(skipped).toEqual(["news:stocknewsapi", "news:finnhub", "news:benzinga", "news:yahoo-ratings"]);
  const reuters = server!.logs.find((line) => line.msg === "bundled snapshot loaded" && line.snapshot === "news:reuters")!;
  expect(reuters.rows).toBeLessThan(cleanLoad.articles.reuters);

  // 3. A SIGTERM in the resumed price load stops the start cleanly, between two tickers.
  await start().waitForLog(priceBatch(0));
  server!.kill("SIGTERM");
  expect(await server!.exited).toBe(0);
  expect(server!.logs.find(logged("resuming the price snapshot load"))).toBeDefined();
  expect(server!.logs.find(logged("stopping before start-up finished"))).toBeDefined();
  expect(server!.logs.find(ready)).toBeUndefined();

  // 4. The next start finishes the load and serves.
  const loaded = await start().waitForLog(logged("price snapshot loaded"), 300_000);
  expect(loaded.resumedTickers).toBeGreaterThan(0);
  expect(loaded.rows).toBeLessThan(cleanLoad.bars);
  await server!.waitForLog(ready, 300_000);
  expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
  server!.kill("SIGTERM");
  expect(await server!.exited).toBe(0);

  const db = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  try {
    expect(await db.prisma.priceBar.count()).toBe(cleanLoad.bars);
    expect(await db.prisma.technicalIndicator.count()).toBe(cleanLoad.tickers);
    const articles = await db.prisma.newsArticle.groupBy({ by: ["source"], _count: true });
    expect(Object.fromEntries(articles.map((row) => [row.source, row._count]))).toEqual(cleanLoad.articles);
    // The 46 bundled market videos (49 rows, 3 listed under several tickers), once each.
    expect(await db.prisma.marketVideo.count()).toBe(46);
    // One marker per news file, then the videos, prices, earnings and the 13F quarters.
    expect(await db.prisma.snapshotLoad.count()).toBe(Object.keys(cleanLoad.articles).length + 4);
  } finally {
    await db.close();
  }
}, 480_000);
