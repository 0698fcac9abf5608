// A screen scans up to thousands of symbols and stores its rows, so one GraphQL operation runs
// at most one: a query of a thousand aliased screens is refused before anything runs or is
// charged, instead of stalling the server and filling the disk.
import { getOperationAST, GraphQLError, Kind, type DocumentNode, type SelectionSetNode } from "graphql";
import type { Plugin } from "graphql-yoga";
import { AppError } from "../errors/app-error";

// A backtest runs many screens: it is the operation's one screen too.
const SCREEN_FIELDS = new Set(["screen", "combinedScreen", "proScreen", "screenBacktest"]);

/** Root `screen`/`combinedScreen`/`screenBacktest` selections of the operation, through inline fragments and fragment spreads. */
export function rootScreenCount(document: DocumentNode, operationName?: string | null): number {
  const operation = getOperationAST(document, operationName);
  if (!operation || operation.operation !== "query") return 0;
  const fragments = new Map(
    document.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition]] : [])),
  );
  const visited = new Set<string>();
  const count = (selectionSet: SelectionSetNode): number =>
    selectionSet.selections.reduce((total, selection) => {
      if (selection.kind === Kind.FIELD) return total + (SCREEN_FIELDS.has(selection.name.value) ? 1 : 0);
      if (selection.kind === Kind.INLINE_FRAGMENT) return total + count(selection.selectionSet);
      const fragment = fragments.get(selection.name.value);
      // A fragment spread twice at the root would run its screens twice: count it each time,
      // but never follow a cycle (the validator rejects those anyway).
      if (!fragment || visited.has(fragment.name.value)) return total;
      visited.add(fragment.name.value);
      const inside = count(fragment.selectionSet);
      visited.delete(fragment.name.value);
      return total + inside;
    }, 0);
  return count(operation.selectionSet);
}

export function useOneScreenPerOperation(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const screens = rootScreenCount(args.document, args.operationName);
      if (screens <= 1) return;
      const error = new AppError(
        "BAD_USER_INPUT",
        `One screen per request: this query runs ${screens} (screen / combinedScreen / proScreen / screenBacktest). Send each screen as its own request.`,
      );
      setResultAndStopExecution({
        errors: [new GraphQLError(error.message, { extensions: { ...error.toExtensions(), screens, http: { status: error.status } } })],
      });
    },
  };
}
