// Helpers for tests of the add-to-watchlist menu (AddToWatchlistMenu) wherever it sits: opening it
// as a keyboard user does, answering its lists from the mocked schema, and the mutation it sends.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import type { OperationDescriptor } from "relay-runtime";
import { executeAgainstSchema } from "../../../test/relay";
import type { MockEnvironment } from "../../../test/render";

export interface ListFixture {
  id: string;
  name: string;
  tickers: string[];
}

export const DIVIDEND_IDEAS: ListFixture = { id: "Watchlist:wl-1", name: "Dividend ideas", tickers: ["KO", "PEP"] };
export const CHIPS: ListFixture = { id: "Watchlist:wl-2", name: "Chips", tickers: ["NVDA", "AMD"] };

/** The "+" of `ticker`'s row or suggestion. */
export const addButton = (ticker: string) => screen.getByRole("button", { name: `Add ${ticker} to a watchlist` });

/** Opens the menu from the keyboard (Radix: Enter opens it) and returns it. */
export async function openWatchlistMenu(ticker: string) {
  fireEvent.keyDown(addButton(ticker), { key: "Enter" });
  return screen.findByRole("menu", { name: `Add ${ticker} to a watchlist` });
}

const named = (environment: MockEnvironment, name: string) =>
  environment.mock.getAllOperations().filter((operation) => operation.request.node.params.name === name);

/** Whether the menu's lists have been asked for (they are only once it opens). */
export const listsAsked = (environment: MockEnvironment) => named(environment, "AddToWatchlistMenuQuery").length > 0;

/** Answers the menu's lists query with `lists`. */
export async function answerLists(environment: MockEnvironment, lists: ListFixture[]) {
  const [operation] = await waitFor(() => {
    const pending = named(environment, "AddToWatchlistMenuQuery");
    expect(pending).toHaveLength(1);
    return pending;
  });
  await act(async () =>
    environment.mock.resolve(
      operation,
      executeAgainstSchema(operation, {
        Viewer: () => ({ id: "viewer-1" }),
        ViewerWatchlistsConnection: () => ({ edges: lists.map((node) => ({ node })) }),
      }),
    ),
  );
}

/** The one pending add (`useAddToWatchlistAddMutation`) or create (`useAddToWatchlistCreateMutation`). */
export async function pendingMutation(environment: MockEnvironment, kind: "Add" | "Create"): Promise<OperationDescriptor> {
  const name = `useAddToWatchlist${kind}Mutation`;
  return waitFor(() => {
    const pending = named(environment, name);
    expect(pending).toHaveLength(1);
    return pending[0];
  });
}

/** The server's answer to an add or create: the list as it now is. */
export async function answerMutation(environment: MockEnvironment, operation: OperationDescriptor, list: ListFixture) {
  await act(async () => environment.mock.resolve(operation, executeAgainstSchema(operation, { Watchlist: () => list })));
}
