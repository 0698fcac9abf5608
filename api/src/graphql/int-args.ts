// Counts, page sizes and limits among GraphQL arguments: a field declares each Int argument's
// range once (`intArgs: { first: RANGE }`, connection arguments included); the Pothos plugin
// below writes the range into the argument's description and its `intRange` extension, and
// useIntArgRanges refuses an operation holding a value outside it, before anything runs or is
// charged (a cost computed from `first: 2000000000` would otherwise answer first).
import SchemaBuilder, {
  BasePlugin,
  type FieldNullability,
  type InputFieldMap,
  type PothosOutputFieldConfig,
  type SchemaTypes,
  type TypeParam,
} from "@pothos/core";
import {
  getArgumentValues,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type ASTNode,
  type ASTVisitor,
  type DocumentNode,
  type GraphQLArgument,
  type GraphQLSchema,
  type ValidationContext,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import { AppError, type FieldError } from "../errors/app-error";
import { intRangeMessage, intRangeText, isInIntRange, type IntRange } from "../errors/int-range";

// Pothos's option types are extended as its own plugins do: a global namespace, and the
// interface's type parameters repeated in full (declarations must match), used or not.
/* eslint-disable @typescript-eslint/no-namespace, @typescript-eslint/no-unused-vars */
declare global {
  export namespace PothosSchemaTypes {
    interface Plugins<Types extends SchemaTypes> {
      intArgs: IntArgsPlugin<Types>;
    }
    interface FieldOptions<
      Types extends SchemaTypes = SchemaTypes,
      ParentShape = unknown,
      Type extends TypeParam<Types> = TypeParam<Types>,
      Nullable extends FieldNullability<Type> = FieldNullability<Type>,
      Args extends InputFieldMap = InputFieldMap,
      ResolveShape = unknown,
      ResolveReturnShape = unknown,
    > {
      /** The range of each Int argument that is a count, page size or limit (connections: first, last). */
      intArgs?: Partial<Record<keyof Args | "first" | "last", IntRange>>;
    }
  }
}
/* eslint-enable @typescript-eslint/no-namespace, @typescript-eslint/no-unused-vars */

/** The range an argument declares (through its field's `intArgs`), if any. */
export function intRangeOf(arg: GraphQLArgument): IntRange | undefined {
  return (arg.extensions as { intRange?: IntRange } | undefined)?.intRange;
}

export class IntArgsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override onOutputFieldConfig(fieldConfig: PothosOutputFieldConfig<Types>): PothosOutputFieldConfig<Types> {
    const ranges = (fieldConfig.pothosOptions as { intArgs?: Record<string, IntRange> }).intArgs;
    if (!ranges) return fieldConfig;
    const args = { ...fieldConfig.args };
    for (const [name, range] of Object.entries(ranges)) {
      const arg = args[name];
      const type = arg?.type;
      if (!arg || type.kind !== "Scalar" || this.builder.configStore.getTypeConfig(type.ref).name !== "Int") {
        throw new Error(`${fieldConfig.parentType}.${fieldConfig.name}: intArgs names ${name}, which is not an Int argument of the field`);
      }
      if (!(Number.isInteger(range.min) && Number.isInteger(range.max) && range.min <= range.max)) {
        throw new Error(`${fieldConfig.parentType}.${fieldConfig.name}: the range of ${name} is not a range of whole numbers`);
      }
      args[name] = {
        ...arg,
        description: [arg.description, intRangeText(range)].filter(Boolean).join(" "),
        extensions: { ...arg.extensions, intRange: range },
      };
    }
    return { ...fieldConfig, args };
  }
}

const pluginName = "intArgs";
SchemaBuilder.registerPlugin(pluginName, IntArgsPlugin);
export default pluginName;

/**
 * One BAD_USER_INPUT naming each argument outside its range, as a GraphQL error: HTTP 400, also
 * from validation (`spec: false`: Yoga would answer a validation error 200 to an application/json
 * client, as the GraphQL-over-HTTP spec has it, where every other refusal of the API is a 400).
 */
function refusal(fieldErrors: FieldError[], nodes?: ASTNode[]): GraphQLError {
  // As parseInput words it: the fields in the message, each one's rule in fieldErrors.
  const error = new AppError("BAD_USER_INPUT", `Invalid input: ${[...new Set(fieldErrors.map((problem) => problem.field))].join(", ")}`, { fieldErrors });
  return new GraphQLError(error.message, { nodes, extensions: { ...error.toExtensions(), http: { status: error.status, spec: false } } });
}

/**
 * A validation rule for counts written into the document: a ranged argument's literal must be an
 * Int in its range (null: the default). GraphQL's own rule refuses `first: 5.5` or `first: "5"`
 * too, without naming the argument; this names it as every other refusal does.
 */
export function IntArgLiteralsRule(context: ValidationContext): ASTVisitor {
  return {
    Argument(node) {
      const arg = context.getArgument();
      const range = arg && intRangeOf(arg);
      if (!arg || !range || node.value.kind === Kind.VARIABLE || node.value.kind === Kind.NULL) return;
      if (node.value.kind === Kind.INT && isInIntRange(Number(node.value.value), range)) return;
      context.reportError(refusal([{ field: arg.name, message: intRangeMessage(arg.name, range) }], [node]));
    },
  };
}

/**
 * Every ranged argument of the selected operation holding a value outside its range, as field
 * errors (named by the argument, the message saying the range). Fragments are read where they are
 * defined. Variables are coerced as the executor will (defaults included); when they cannot be,
 * the values sent are judged, so `"0x10"` or `5.5` for a count is named here too (anything else
 * the executor reports itself).
 */
export function intArgProblems(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | null | undefined, operationName?: string | null): FieldError[] {
  const operation = getOperationAST(document, operationName);
  if (!operation) return [];
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
  const values = coerced.coerced ?? variables ?? {};
  const selected: DocumentNode = {
    ...document,
    definitions: [operation, ...document.definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION)],
  };
  const problems: FieldError[] = [];
  const typeInfo = new TypeInfo(schema);
  visit(
    selected,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const field = typeInfo.getFieldDef();
        if (!field || !field.args.some(intRangeOf)) return;
        let args: Record<string, unknown>;
        try {
          args = getArgumentValues(field, node, values);
        } catch {
          return;
        }
        for (const arg of field.args) {
          const range = intRangeOf(arg);
          const value = args[arg.name];
          if (!range || value === undefined || value === null || isInIntRange(value, range)) continue;
          const problem = { field: arg.name, message: intRangeMessage(arg.name, range) };
          if (!problems.some((known) => known.field === problem.field && known.message === problem.message)) problems.push(problem);
        }
      },
    }),
  );
  return problems;
}

type OperationArgs = { schema: GraphQLSchema; document: DocumentNode; variableValues?: Record<string, unknown> | null; operationName?: string | null };

function operationRefusal(args: OperationArgs): GraphQLError | null {
  const fieldErrors = intArgProblems(args.schema, args.document, args.variableValues, args.operationName);
  return fieldErrors.length > 0 ? refusal(fieldErrors) : null;
}

/**
 * Refuses any query, mutation or subscription with an Int argument outside its declared range:
 * literals when the document is validated, variables before execution (before its cost is
 * measured or charged).
 */
export function useIntArgRanges(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(IntArgLiteralsRule);
    },
    onExecute({ args, setResultAndStopExecution }) {
      const refused = operationRefusal(args);
      if (refused) setResultAndStopExecution({ errors: [refused] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const refused = operationRefusal(args);
      if (refused) setResultAndStopExecution({ errors: [refused] });
    },
  };
}
