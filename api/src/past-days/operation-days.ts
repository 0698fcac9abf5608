// Which past days a GraphQL operation asks for, read from its shape and variables before anything
// runs: every field that takes an as-of day (an `asOf` argument, or a screen input's `asOf`), through
// aliases, inline fragments and fragment spreads. Each day comes with the work it needs, so the
// caller can tell which days are already in memory (past-day-limits.ts).
import { isCalendarDay } from "@shared/as-of";
import {
  getArgumentValues,
  getNamedType,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  isInterfaceType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
} from "graphql";

/**
 * The work a past day needs, by what keeps it in memory:
 * - `indicators`: every ticker's indicators on the day (the technicals store's past days);
 * - `news`: the day's news corpus (the term counts trending topics are ranked against);
 * - `aiPicks`: the day's AI picks, scored with the month's model;
 * - `rows`: rows read for the day from the database, which nothing keeps (always counted as uncached).
 */
export type PastDayWork = "indicators" | "news" | "aiPicks" | "rows";

type DayField = {
  /** The day asked for, from the field's coerced arguments (anything but a calendar day is ignored: the field refuses it). */
  day: (args: Record<string, unknown>) => unknown;
  needs: PastDayWork[];
};

const asOfArgument = (args: Record<string, unknown>) => args.asOf;
const screenInputAsOf = (args: Record<string, unknown>) => (args.input as { asOf?: unknown } | undefined)?.asOf;

/**
 * Every field that takes an as-of day, by `Type.field`, with the work its day needs (a test
 * checks that every field of the schema taking one is listed, or in NOT_COUNTED).
 */
export const PAST_DAY_FIELDS: Record<string, DayField> = {
  "Stock.technicals": { day: asOfArgument, needs: ["indicators"] },
  "Stock.fundamentals": { day: asOfArgument, needs: ["indicators"] },
  "Stock.news": { day: asOfArgument, needs: ["news"] },
  "Stock.priceHistory": { day: asOfArgument, needs: ["rows"] },
  "Stock.earnings": { day: asOfArgument, needs: ["rows"] },
  "Stock.research": { day: asOfArgument, needs: ["aiPicks", "rows"] },
  "Query.aiPicks": { day: asOfArgument, needs: ["aiPicks"] },
  "Query.stockComparison": { day: asOfArgument, needs: ["rows"] },
  "Query.hedgeFund": { day: asOfArgument, needs: ["rows"] },
  "Query.hedgeFunds": { day: asOfArgument, needs: ["rows"] },
  "Query.marketVideos": { day: asOfArgument, needs: ["rows"] },
  "Query.screen": { day: screenInputAsOf, needs: ["indicators"] },
  // A combined screen reads every ticker's news of the day's window.
  "Query.combinedScreen": { day: screenInputAsOf, needs: ["indicators", "rows"] },
  "Query.proScreen": { day: screenInputAsOf, needs: ["indicators", "aiPicks", "rows"] },
  "Watchlist.view": { day: asOfArgument, needs: ["indicators"] },
};

/**
 * Fields taking an as-of day that these limits leave alone, and why:
 * - a backtest runs its screen on each month's first trading day: it is priced per screen it runs
 *   (backtestCost), bounded by its plan's months, counts as the operation's one screen and one
 *   screen run, and keeps its days in memory while it runs (technicals store `hold`);
 * - saving a screen stores its request (with its day) and computes nothing.
 */
export const NOT_COUNTED = new Set(["Query.screenBacktest", "Mutation.saveScreen"]);

/** The distinct past days an operation asks for, each with the work it needs. */
export type OperationDays = Map<string, Set<PastDayWork>>;

/**
 * The past days the selected operation asks for. Empty when it asks for none, when no operation
 * matches operationName or when its variables cannot be read (the executor answers those), and
 * for subscriptions (none takes a day).
 */
export function operationDays(options: {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}): OperationDays {
  const days: OperationDays = new Map();
  const operation = getOperationAST(options.document, options.operationName);
  if (!operation || operation.operation === "subscription") return days;
  const root = operation.operation === "query" ? options.schema.getQueryType() : options.schema.getMutationType();
  if (!root) return days;
  const { coerced } = getVariableValues(options.schema, operation.variableDefinitions ?? [], options.variables ?? {});
  if (!coerced) return days;
  const fragments = new Map(
    options.document.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition] as const] : [])),
  );

  // A fragment asks for the same days wherever it is spread: walked once (a fragment spread many
  // times at many levels would otherwise be walked exponentially often).
  const walkedFragments = new Set<string>();
  const add = (day: string, needs: PastDayWork[]) => {
    let work = days.get(day);
    if (!work) days.set(day, (work = new Set()));
    for (const need of needs) work.add(need);
  };
  const walk = (selectionSet: SelectionSetNode, parent: GraphQLNamedType | undefined) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const field = fieldOf(parent, selection.name.value);
        if (!field) continue;
        const entry = PAST_DAY_FIELDS[`${parent!.name}.${field.name}`];
        if (entry) {
          const day = dayOf(entry, field, selection, coerced);
          if (day) add(day, entry.needs);
        }
        if (selection.selectionSet) walk(selection.selectionSet, getNamedType(field.type));
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? options.schema.getType(selection.typeCondition.name.value) : parent;
        walk(selection.selectionSet, type ?? undefined);
      } else {
        const fragment: FragmentDefinitionNode | undefined = fragments.get(selection.name.value);
        if (!fragment || walkedFragments.has(fragment.name.value)) continue;
        walkedFragments.add(fragment.name.value);
        walk(fragment.selectionSet, options.schema.getType(fragment.typeCondition.name.value) ?? undefined);
      }
    }
  };
  walk(operation.selectionSet, root);
  return days;
}

function fieldOf(parent: GraphQLNamedType | undefined, name: string): GraphQLField<unknown, unknown> | undefined {
  return parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[name] : undefined;
}

function dayOf(
  entry: DayField,
  field: GraphQLField<unknown, unknown>,
  node: Parameters<typeof getArgumentValues>[1],
  variables: Record<string, unknown>,
): string | null {
  try {
    const day = entry.day(getArgumentValues(field, node, variables));
    return typeof day === "string" && isCalendarDay(day) ? day : null;
  } catch (error) {
    // Arguments that cannot be read: the executor names them.
    if (error instanceof GraphQLError) return null;
    throw error;
  }
}
