import { createFetchFunction, GENERIC_ERROR_MESSAGE, GraphQLRequestError } from "./environment";
import { dataLoading } from "./data-loading";

const params = { name: "ContactPageQuery", text: "query ContactPageQuery { x }", id: null, operationKind: "query" as const, cacheID: "1", metadata: {} };

function respond(body: unknown, status = 200) {
  return jest.fn(async () => ({ ok: status < 400, status, json: async () => body }) as unknown as Response);
}

async function run(fetchImpl: ReturnType<typeof respond>) {
  const fetchFn = createFetchFunction(fetchImpl);
  return (fetchFn as unknown as (p: typeof params, v: object) => Promise<unknown>)(params, { a: 1 });
}

test("POSTs JSON to /graphql with credentials and the Yoga CSRF header", async () => {
  const fetchImpl = respond({ data: { ok: true } });
  await expect(run(fetchImpl)).resolves.toEqual({ data: { ok: true } });
  const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe("/graphql");
  expect(init.method).toBe("POST");
  expect(init.credentials).toBe("include");
  expect((init.headers as Record<string, string>)["x-graphql-yoga-csrf"]).toBe("1");
  expect(JSON.parse(init.body as string)).toEqual({ query: params.text, operationName: "ContactPageQuery", variables: { a: 1 } });
});

test("BAD_USER_INPUT carries the field errors", async () => {
  const error = await run(
    respond({ errors: [{ message: "x", extensions: { code: "BAD_USER_INPUT", fieldErrors: [{ field: "email", message: "Bad email" }] } }] }),
  ).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(GraphQLRequestError);
  expect((error as GraphQLRequestError).fieldErrors).toEqual([{ field: "email", message: "Bad email" }]);
});

test("RATE_LIMITED says when to retry", async () => {
  const error = await run(respond({ errors: [{ message: "x", extensions: { code: "RATE_LIMITED", retryAfterSeconds: 30 } }] })).catch(
    (e: unknown) => e,
  );
  expect((error as Error).message).toBe("Too many requests. Please try again in 30 seconds.");
});

test("anything else becomes a short generic message, never the server's text or a stack", async () => {
  const error = await run(respond({ errors: [{ message: "TypeError: at Object.<anonymous> (/srv/api.ts:1)" }] }, 500)).catch(
    (e: unknown) => e,
  );
  expect((error as Error).message).toBe(GENERIC_ERROR_MESSAGE);
  const networkError = await run(jest.fn(async () => Promise.reject(new Error("socket hang up")))).catch((e: unknown) => e);
  expect((networkError as Error).message).toMatch(/Unable to reach Tickerscope/);
});

test("while the server loads the bundled data, a query waits, the page is told how far it is, then gets its data", async () => {
  jest.useFakeTimers();
  try {
    const loading = (percent: number) => ({ errors: [{ message: "loading", extensions: { code: "DATA_LOADING", loadedPercent: percent, retryAfterSeconds: 2 } }] });
    const answers = [loading(12), loading(57), { data: { ok: true } }];
    const fetchImpl = jest.fn(async () => ({ ok: true, status: 200, json: async () => answers.shift() }) as unknown as Response);
    const seen: (number | null)[] = [];
    const unsubscribe = dataLoading.subscribe(() => seen.push(dataLoading.current()));
    const result = run(fetchImpl);
    await jest.advanceTimersByTimeAsync(2_000);
    await jest.advanceTimersByTimeAsync(2_000);
    await expect(result).resolves.toEqual({ data: { ok: true } });
    unsubscribe();
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(seen).toEqual([12, 57, null]);
  } finally {
    jest.useRealTimers();
  }
});
