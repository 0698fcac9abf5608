/** @db */
import { createTestDatabase, testDatabaseUrl } from "../../test/test-database";
import { openDatabase } from "./database";
import { waitAndRunExclusively } from "./run-exclusively";

const lockId = 0x74657374; // "test"
let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

it("runs the task at once when no other instance holds the lock", async () => {
  expect(await waitAndRunExclusively(db, lockId, async () => "done", { what: "a test step" })).toBe("done");
});

// Two app instances = two connection pools on one PostgreSQL server (PGlite is owned by one process).
const onPostgres = testDatabaseUrl() ? describe : describe.skip;
onPostgres("PostgreSQL only: an instance starting while another holds the lock", () => {
  let otherInstance: Awaited<ReturnType<typeof openDatabase>>;
  beforeAll(async () => {
    otherInstance = await openDatabase({ kind: "postgres", url: testDatabaseUrl()! });
  });
  afterAll(() => otherInstance.close());

  /** Holds the lock on the other instance until the returned function is called. */
  async function holdLockElsewhere() {
    let release!: () => void;
    let acquired!: () => void;
    const held = new Promise<void>((resolve) => (acquired = resolve));
    const done = waitAndRunExclusively(otherInstance, lockId, () => {
      acquired();
      return new Promise<void>((resolve) => (release = resolve));
    }, { what: "a test step" });
    await held;
    return async () => {
      release();
      await done;
    };
  }

  it("waits, saying so, and runs once the other instance is done", async () => {
    const release = await holdLockElsewhere();
    const info = jest.fn();
    const order: string[] = [];
    const waiting = waitAndRunExclusively(db, lockId, async () => order.push("waiting instance"), {
      what: "a test step",
      logger: { info } as never,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    order.push("other instance done");
    await release();
    await waiting;
    expect(order).toEqual(["other instance done", "waiting instance"]);
    expect(info).toHaveBeenCalledWith({ waitedSeconds: 0 }, "waiting for another instance to finish a test step");
  });

  it("gives up after its longest wait, and stops waiting when its signal is aborted", async () => {
    const release = await holdLockElsewhere();
    try {
      await expect(waitAndRunExclusively(db, lockId, async () => "ran", { what: "a test step", maxWaitMs: 600 })).rejects.toThrow(
        /waiting for another instance to finish a test step/,
      );
      await expect(
        waitAndRunExclusively(db, lockId, async () => "ran", { what: "a test step", signal: AbortSignal.timeout(300) }),
      ).rejects.toThrow(/aborted/);
    } finally {
      await release();
    }
  });
});
