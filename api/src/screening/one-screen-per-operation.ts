// A screen scans up to thousands of symbols and stores its rows, so one GraphQL operation runs
// at most one: a query of a thousand aliased screens is refused before anything runs or is
// charged, instead of stalling the server and filling the disk.
import {
  getNamedType,
  getNullableType,
  isListType,
  getOperationAST,
  GraphQLError,
  isCompositeType,
  isObjectType,
  isInterfaceType,
  Kind,
  type DocumentNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type SelectionSetNode,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import { AppError } from "../errors/app-error";

/**
 * The fields that each run one screen or more, by `Type.field`: the screens, a backtest (many
 * screens), a watchlist's view (a screen of its tickers; one selection inside viewer.watchlists
 * runs one per list), an alert's history (every stored day of up to 500 tickers; one selection
 * inside viewer.alerts runs one per alert) and its preview, and a replay of the alerts (a screen a
 * day and one per saved screen watched).
 */
export const SCREEN_FIELDS = new Set([
  "Query.screen",
  "Query.combinedScreen",
  "Query.proScreen",
  "Query.screenBacktest",
  "Watchlist.view",
  "Alert.history",
  "Query.alertHistoryPreview",
  "Mutation.replayAlerts",
]);

/**
 * Fields that run once per item when reached through a list (an alert's history inside
 * viewer.alerts would run for each of up to 200 alerts): there they count as two, so the request
 * is refused and the caller asks for one (node(id:) { ... on Alert { history } }). Watchlist.view
 * stays allowed in viewer.watchlists: at most 20 lists, priced per list.
 */
const ONE_AT_A_TIME_FIELDS = new Set(["Alert.history"]);

/**
 * The operation's screens: the selections of SCREEN_FIELDS at any depth, through inline fragments
 * and fragment spreads (a spread twice counts twice), each field found on its parent type.
 */
export function screenCount(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null): number {
  const operation = getOperationAST(document, operationName);
  const root = operation ? schema.getRootType(operation.operation) : undefined;
  if (!operation || !root) return 0;
  const fragments = new Map(
    document.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition]] : [])),
  );
  const visited = new Set<string>();
  const typeNamed = (name: string, fallback: GraphQLCompositeType) => {
    const type = schema.getType(name);
    return type && isCompositeType(type) ? type : fallback;
  };
  const count = (selectionSet: SelectionSetNode, parent: GraphQLCompositeType, inList: boolean): number =>
    selectionSet.selections.reduce((total, selection) => {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        const field = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
        const coordinate = `${parent.name}.${name}`;
        const screens = SCREEN_FIELDS.has(coordinate) ? (inList && ONE_AT_A_TIME_FIELDS.has(coordinate) ? 2 : 1) : 0;
        const type = field ? getNamedType(field.type) : undefined;
        const listed = inList || (field !== undefined && isListType(getNullableType(field.type)));
        return total + screens + (selection.selectionSet && type && isCompositeType(type) ? count(selection.selectionSet, type, listed) : 0);
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        return total + count(selection.selectionSet, selection.typeCondition ? typeNamed(selection.typeCondition.name.value, parent) : parent, inList);
      }
      const fragment = fragments.get(selection.name.value);
      // Never follow a cycle (the validator rejects those anyway).
      if (!fragment || visited.has(fragment.name.value)) return total;
      visited.add(fragment.name.value);
      const inside = count(fragment.selectionSet, typeNamed(fragment.typeCondition.name.value, parent), inList);
      visited.delete(fragment.name.value);
      return total + inside;
    }, 0);
  return count(operation.selectionSet, root, false);
}

export function useOneScreenPerOperation(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const screens = screenCount(args.schema, args.document, args.operationName);
      if (screens <= 1) return;
      const error = new AppError(
        "BAD_USER_INPUT",
        `One screen per request: this operation runs ${screens} (screen / combinedScreen / proScreen / screenBacktest / Watchlist.view / Alert.history / alertHistoryPreview / replayAlerts). Send each as its own request.`,
      );
      setResultAndStopExecution({
        errors: [new GraphQLError(error.message, { extensions: { ...error.toExtensions(), screens, http: { status: error.status } } })],
      });
    },
  };
}
