import type { Request as ExpressRequest } from "express";
import {
  getArgumentValues,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  Kind,
  type DocumentNode,
  type ExecutionResult,
  type FieldNode,
  type GraphQLSchema,
} from "graphql";
import { isAsyncIterable, type Plugin, type YogaInitialContext } from "graphql-yoga";
import { viewerOf } from "../auth/sessions";
import { AppError } from "../errors/app-error";
import type { AppDeps, RequestContext } from "../context";
import { budgetOwnerOf, type BudgetOwner, type BudgetState } from "./query-budget";
import { pastDayCostOf } from "../past-days/past-day-cost";
import { operationCost } from "./query-cost";

/** What one request's operation costs and the budget after it (read by `Query.rateLimit` and the headers). */
export type OperationUsage = { cost: number; budget: BudgetState };

// Keyed by Yoga's Request, which is both in the resolvers' context and in onResponse.
const usageByRequest = new WeakMap<Request, OperationUsage>();

/** The usage of the operation being executed with this context (set before execution starts). */
export function usageOf(context: object): OperationUsage | undefined {
  const request = (context as Partial<YogaInitialContext>).request;
  return request ? usageByRequest.get(request) : undefined;
}

type ServerContext = { req: ExpressRequest };

/**
 * Root fields the web app needs to show who is signed in and to let a visitor sign in or pay:
 * web traffic never spends its allowance on them, so a limited visitor can still sign in.
 */
const ACCOUNT_FIELDS = new Set(["__typename", "viewer", "authOptions", "billing", "rateLimit"]);

/**
 * Query cost limits for /graphql, GitHub style. Before anything executes, the
 * selected operation's depth and cost (from its shape; see query-cost.ts) are
 * checked against the per-operation limits (every caller), then spent: an API
 * key pays the cost (at least 1 point) from its hourly budget; the web app's own
 * traffic (per signed-in user, or per client IP) pays one request from its
 * 10-minute allowance, nothing for account-only operations. A rejected operation
 * runs nothing and spends nothing. Every response carries X-RateLimit-Limit,
 * -Remaining, -Used and -Reset (epoch seconds) of the caller's allowance.
 * Starting a subscription is checked and spent the same way (its pushes are
 * free), and also takes one of the requester's few slots for open streams
 * until the stream ends (see subscription-slots.ts).
 */
export function useApiUsage(deps: AppDeps): Plugin<RequestContext & YogaInitialContext, ServerContext> {
  // Answers a refusal alone (nothing runs), recording where the owner's budget stands for the headers.
  const refuser =
    (context: YogaInitialContext, owner: BudgetOwner, setResultAndStopExecution: (result: ExecutionResult) => void) =>
    async (refusal: GraphQLError) => {
      usageByRequest.set(context.request, { cost: 0, budget: await deps.queryBudget.read(owner) });
      setResultAndStopExecution({ errors: [refusal] });
    };
  return {
    async onExecute({ args, executeFn, setExecuteFn, setResultAndStopExecution }) {
      const context = args.contextValue;
      const owner = budgetOwnerOf(context.viewer, context.clientIp);
      const stop = refuser(context, owner, setResultAndStopExecution);

      const measured = measureOperation(args, context, deps.config.api);
      if (!measured) return; // unknown operationName: the executor answers that
      if ("refusal" in measured) return stop(measured.refusal);
      const { cost } = measured;

      if (isRateLimitDryRun(args)) {
        // Answer rateLimit alone: the rest of the query is neither run nor charged.
        usageByRequest.set(context.request, { cost, budget: await deps.queryBudget.read(owner) });
        setExecuteFn((executionArgs) => executeFn({ ...executionArgs, document: rateLimitOnly(executionArgs.document) }));
        return;
      }

      if (owner.kind !== "apiKey" && isAccountOnly(args)) {
        usageByRequest.set(context.request, { cost, budget: await deps.queryBudget.read(owner) });
        return;
      }
      try {
        usageByRequest.set(context.request, { cost, budget: await deps.queryBudget.spend(owner, Math.max(1, cost)) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return stop(operationError(error, { cost }));
      }
    },

    async onSubscribe({ args, setResultAndStopExecution }) {
      const context = args.contextValue;
      const owner = budgetOwnerOf(context.viewer, context.clientIp);
      const stop = refuser(context, owner, setResultAndStopExecution);

      const measured = measureOperation(args, context, deps.config.api);
      if (!measured) return;
      if ("refusal" in measured) return stop(measured.refusal);
      const { cost } = measured;

      let release: () => void;
      try {
        release = deps.subscriptionSlots.acquire(owner);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return stop(operationError(error, { limit: deps.config.subscriptionsPerRequester }));
      }
      try {
        usageByRequest.set(context.request, { cost, budget: await deps.queryBudget.spend(owner, Math.max(1, cost)) });
      } catch (error) {
        release();
        if (!(error instanceof AppError)) throw error;
        return stop(operationError(error, { cost }));
      }
      return {
        onSubscribeResult({ result }) {
          // An error answered at once (e.g. bad arguments) holds no stream, so no slot.
          if (!isAsyncIterable(result)) return release();
          // The end of the stream: its last event, or the client going away.
          return { onEnd: release };
        },
      };
    },

    async onResponse({ request, response, serverContext }) {
      // Requests that executed nothing (GraphiQL, invalid queries) still show where the budget stands.
      const budget = usageByRequest.get(request)?.budget ?? (await deps.queryBudget.read(ownerOfRequest(serverContext.req)));
      for (const [name, value] of Object.entries(rateLimitHeaders(budget))) response.headers.set(name, value);
    },
  };
}

/**
 * The selected operation's cost, or the error refusing it before anything runs (its depth or
 * cost over the per-operation limits, or arguments that cannot be read). Null when no operation
 * matches operationName: the executor answers that itself.
 */
function measureOperation(
  args: { schema: GraphQLSchema; document: DocumentNode; operationName?: string | null; variableValues?: Record<string, unknown> | null },
  context: object,
  limits: { maxQueryCost: number; maxQueryDepth: number },
): { cost: number } | { refusal: GraphQLError } | null {
  const { maxQueryCost, maxQueryDepth } = limits;
  let measured: ReturnType<typeof operationCost>;
  try {
    measured = operationCost({ ...args, variables: args.variableValues, context });
  } catch (error) {
    // Arguments that cannot be read (e.g. a malformed global id): nothing runs.
    if (!(error instanceof GraphQLError)) throw error;
    return { refusal: operationError(new AppError("BAD_USER_INPUT", error.message), {}) };
  }
  if (!measured) return null;
  const { depth } = measured;
  // Each past day not in memory costs a screen of that day's universe (../past-days/).
  const cost = measured.cost + pastDayCostOf(context);
  if (depth > maxQueryDepth) {
    const message = `This query is nested ${depth} levels deep; the maximum is ${maxQueryDepth}.`;
    return { refusal: operationError(new AppError("QUERY_TOO_COMPLEX", message), { depth, maxDepth: maxQueryDepth }) };
  }
  if (cost > maxQueryCost) {
    const message = `This query costs ${cost} points; the maximum per query is ${maxQueryCost}. Ask for fewer items (first/last) or split it.`;
    return { refusal: operationError(new AppError("QUERY_TOO_COMPLEX", message), { cost, maxCost: maxQueryCost }) };
  }
  return { cost };
}

/** The X-RateLimit-* headers that describe an allowance (GraphQL and REST alike). */
export function rateLimitHeaders(budget: BudgetState): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(budget.limit),
    "X-RateLimit-Remaining": String(budget.remaining),
    "X-RateLimit-Used": String(budget.used),
    "X-RateLimit-Reset": String(Math.ceil(budget.resetAt.getTime() / 1000)),
  };
}

export function ownerOfRequest(req: ExpressRequest): BudgetOwner {
  return budgetOwnerOf(viewerOf(req), req.ip ?? req.socket.remoteAddress ?? "unknown");
}

/** True when the selected operation is a query that selects only ACCOUNT_FIELDS at its root. */
function isAccountOnly(args: { document: DocumentNode; operationName?: string | null }): boolean {
  const operation = getOperationAST(args.document, args.operationName);
  return (
    operation?.operation === "query" &&
    operation.selectionSet.selections.every(
      (selection) => selection.kind === Kind.FIELD && ACCOUNT_FIELDS.has(selection.name.value),
    )
  );
}

/** A request-level GraphQL error: Yoga answers with its HTTP status (and Retry-After), then drops `http`. */
export function operationError(error: AppError, details: Record<string, unknown>): GraphQLError {
  return new GraphQLError(error.message, {
    extensions: {
      ...error.toExtensions(),
      ...details,
      http: {
        status: error.status,
        headers: error.retryAfterSeconds === undefined ? {} : { "Retry-After": String(error.retryAfterSeconds) },
      },
    },
  });
}

const RATE_LIMIT_FIELD = "rateLimit";

/** True when the query selects `rateLimit(dryRun: true)` at its root. */
export function isRateLimitDryRun(args: {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null;
  variableValues?: Record<string, unknown> | null;
}): boolean {
  const operation = getOperationAST(args.document, args.operationName);
  const field = args.schema.getQueryType()?.getFields()[RATE_LIMIT_FIELD];
  if (operation?.operation !== "query" || !field) return false;
  const selections = operation.selectionSet.selections.filter(
    (selection): selection is FieldNode => selection.kind === Kind.FIELD && selection.name.value === RATE_LIMIT_FIELD,
  );
  if (selections.length === 0) return false;
  const { coerced } = getVariableValues(args.schema, operation.variableDefinitions ?? [], args.variableValues ?? {});
  return coerced !== undefined && selections.some((selection) => getArgumentValues(field, selection, coerced).dryRun === true);
}

/** The document with the selected operation's root reduced to its rateLimit fields. */
function rateLimitOnly(document: DocumentNode): DocumentNode {
  return {
    ...document,
    definitions: document.definitions.map((definition) =>
      definition.kind === Kind.OPERATION_DEFINITION
        ? {
            ...definition,
            selectionSet: {
              ...definition.selectionSet,
              selections: definition.selectionSet.selections.filter(
                (selection) => selection.kind === Kind.FIELD && selection.name.value === RATE_LIMIT_FIELD,
              ),
            },
          }
        : definition,
    ),
  };
}
