// A screen scans up to thousands of symbols and stores its rows, so one GraphQL operation runs
// at most one: a query of a thousand aliased screens is refused before anything runs or is
// charged, instead of stalling the server and filling the disk.
import { getOperationAST, GraphQLError, Kind, type DocumentNode, type SelectionSetNode } from "graphql";
import type { Plugin } from "graphql-yoga";
import { AppError } from "../errors/app-error";

// A backtest runs many screens: it is the operation's one screen too.
const SCREEN_FIELDS = new Set(["screen", "combinedScreen", "proScreen", "screenBacktest"]);
/**
 * Watchlist.view (the schema's only `view`) screens a list's tickers, at any depth: one selection
 * inside viewer.watchlists runs a screen per list (at most 20 of 500 tickers), so aliases of it
 * would multiply that.
 */
const NESTED_SCREEN_FIELD = "view";

/**
 * The operation's screens: root `screen`/`combinedScreen`/`proScreen`/`screenBacktest` selections
 * and `view` selections at any depth, through inline fragments and fragment spreads.
 */
export function screenCount(document: DocumentNode, operationName?: string | null): number {
  const operation = getOperationAST(document, operationName);
  if (!operation || operation.operation !== "query") return 0;
  const fragments = new Map(
    document.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition]] : [])),
  );
  const visited = new Set<string>();
  const count = (selectionSet: SelectionSetNode, atRoot: boolean): number =>
    selectionSet.selections.reduce((total, selection) => {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        const screens = (atRoot && SCREEN_FIELDS.has(name)) || name === NESTED_SCREEN_FIELD ? 1 : 0;
        return total + screens + (selection.selectionSet ? count(selection.selectionSet, false) : 0);
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) return total + count(selection.selectionSet, atRoot);
      const fragment = fragments.get(selection.name.value);
      // A fragment spread twice at the root would run its screens twice: count it each time,
      // but never follow a cycle (the validator rejects those anyway).
      if (!fragment || visited.has(fragment.name.value)) return total;
      visited.add(fragment.name.value);
      const inside = count(fragment.selectionSet, atRoot);
      visited.delete(fragment.name.value);
      return total + inside;
    }, 0);
  return count(operation.selectionSet, true);
}

export function useOneScreenPerOperation(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const screens = screenCount(args.document, args.operationName);
      if (screens <= 1) return;
      const error = new AppError(
        "BAD_USER_INPUT",
        `One screen per request: this query runs ${screens} (screen / combinedScreen / proScreen / screenBacktest / Watchlist.view). Send each screen as its own request.`,
      );
      setResultAndStopExecution({
        errors: [new GraphQLError(error.message, { extensions: { ...error.toExtensions(), screens, http: { status: error.status } } })],
      });
    },
  };
}
