// Until the bundled data is in, data requests get DATA_LOADING (503, Retry-After, the share
// loaded) rather than an answer computed on half-loaded tables. Accounts, billing, the contact
// form and GraphiQL's introspection never wait for it.
import type { RequestHandler } from "express";
import { GraphQLError, Kind, getOperationAST, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { StartupStatus } from "./startup-status";

/** Query fields that read no bundled data. */
const fieldsWithoutBundledData = new Set(["viewer", "authOptions", "billing", "contactDetails", "rateLimit", "screenMethodology", "__typename", "__schema", "__type"]);

/** REST paths (under /api) that answer from the bundled data. */
export const bundledDataPaths = ["/news-sentiment", "/screening", "/screen", "/data-coverage", "/ai-picks", "/earnings", "/hedge-funds"];

export function requireBundledData(status: StartupStatus): RequestHandler {
  return (_req, _res, next) => {
    try {
      status.requireData();
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The root fields a query selects, through its fragments. */
function rootFields(document: DocumentNode, selectionSet: SelectionSetNode, seen = new Set<string>()): string[] {
  const fragments = new Map(
    document.definitions.filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION).map((fragment) => [fragment.name.value, fragment]),
  );
  return selectionSet.selections.flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return [selection.name.value];
    if (selection.kind === Kind.INLINE_FRAGMENT) return rootFields(document, selection.selectionSet, seen);
    const fragment = fragments.get(selection.name.value);
    if (!fragment || seen.has(fragment.name.value)) return [];
    seen.add(fragment.name.value);
    return rootFields(document, fragment.selectionSet, seen);
  });
}

export function useBundledDataGate(status: StartupStatus): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (status.dataReady) return;
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation || operation.operation !== "query") return;
      if (rootFields(args.document, operation.selectionSet).every((field) => fieldsWithoutBundledData.has(field))) return;
      try {
        status.requireData();
      } catch (error) {
        const loading = error as { message: string; retryAfterSeconds?: number; loadedPercent?: number };
        setResultAndStopExecution({
          errors: [
            new GraphQLError(loading.message, {
              extensions: { code: "DATA_LOADING", retryAfterSeconds: loading.retryAfterSeconds, loadedPercent: loading.loadedPercent },
            }),
          ],
        });
      }
    },
  };
}
