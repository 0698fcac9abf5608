import { PGlite } from "@electric-sql/pglite";
import { databaseOnPGlite, type Database } from "./database";

describe("the embedded database under a queue of queries", () => {
  let db: Database;
  beforeAll(async () => {
    db = databaseOnPGlite(await PGlite.create());
  });
  afterAll(() => db.close());

  it("lets the server read other requests between two queued queries, in the order they were asked", async () => {
    const order: string[] = [];
    const first = db.prisma.$queryRaw`SELECT 1`.then(() => order.push("first query"));
    const second = db.prisma.$queryRaw`SELECT 2`.then(() => order.push("second query"));
    // What Node does between two tasks: read a socket (a /healthz request, say) and answer it.
    await new Promise<void>((resolve) => setImmediate(resolve));
    order.push("another request");
    await Promise.all([first, second]);
    expect(order.indexOf("another request")).toBeLessThan(order.indexOf("second query"));
    expect(order.indexOf("first query")).toBeLessThan(order.indexOf("second query"));
  });
});
