import { ReadableStream } from "node:stream/web";
import type { GraphQLResponse, RequestParameters } from "relay-runtime";
import { createSubscribeFunction, GraphQLRequestError } from "./environment";

const params = {
  name: "HeadlineListArticlesAddedSubscription",
  text: "subscription HeadlineListArticlesAddedSubscription($tickers: [String!]!) { newsArticlesAdded(tickers: $tickers) { id } }",
  id: null,
  operationKind: "subscription",
  cacheID: "1",
  metadata: {},
} as RequestParameters;

/** A fetch that answers with an event stream of the given SSE text chunks (as Yoga writes them). */
function eventStream(chunks: string[], status = 200) {
  const encoder = new TextEncoder();
  return jest.fn(async () => ({
    ok: status < 400,
    status,
    headers: new Headers({ "content-type": "text/event-stream" }),
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    }),
  }) as unknown as Response);
}

function run(fetchImpl: ReturnType<typeof eventStream>) {
  const subscribe = createSubscribeFunction(fetchImpl);
  const values: GraphQLResponse[] = [];
  return new Promise<{ values: GraphQLResponse[]; error?: unknown }>((resolve) => {
    const observable = subscribe(params, { tickers: ["AAPL"] }, {}) as unknown as {
      subscribe: (sink: { next: (v: GraphQLResponse) => void; error: (e: unknown) => void; complete: () => void }) => void;
    };
    observable.subscribe({
      next: (value) => values.push(value),
      error: (error) => resolve({ values, error }),
      complete: () => resolve({ values }),
    });
  });
}

test("POSTs the subscription to /graphql asking for an event stream, with credentials and the CSRF header", async () => {
  const fetchImpl = eventStream([
    ":\n\n",
    'event: next\ndata: {"data":{"newsArticlesAdded":[{"id":"a1"}]}}\n\n',
    'event: next\ndata: {"data":{"newsArticlesAdded":',
    '[{"id":"a2"}]}}\n\n',
    "event: complete\ndata:\n\n",
  ]);
  const { values, error } = await run(fetchImpl);
  expect(error).toBeUndefined();
  expect(values).toEqual([{ data: { newsArticlesAdded: [{ id: "a1" }] } }, { data: { newsArticlesAdded: [{ id: "a2" }] } }]);

  const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe("/graphql");
  expect(init.method).toBe("POST");
  expect(init.credentials).toBe("include");
  const headers = init.headers as Record<string, string>;
  expect(headers.accept).toBe("text/event-stream");
  expect(headers["x-graphql-yoga-csrf"]).toBe("1");
  expect(JSON.parse(init.body as string)).toEqual({
    query: params.text,
    operationName: "HeadlineListArticlesAddedSubscription",
    variables: { tickers: ["AAPL"] },
  });
});

test("GraphQL errors in the stream become a short GraphQLRequestError", async () => {
  const { error } = await run(
    eventStream(['event: next\ndata: {"errors":[{"message":"Variable \\"$tickers\\" is invalid","extensions":{"code":"BAD_USER_INPUT"}}]}\n\n']),
  );
  expect(error).toBeInstanceOf(GraphQLRequestError);
  expect((error as GraphQLRequestError).code).toBe("BAD_USER_INPUT");
  expect((error as Error).message).not.toContain("$tickers");
});
