// How /graphql tells the client's mistakes from ours: requests it cannot read become a 4xx naming
// the problem, and Yoga's log lines go out at warn for 4xx errors, at error only for
// unexpected failures (once, with the error and its path).
import { GraphQLError } from "graphql";
import { createGraphQLError, type Plugin } from "graphql-yoga";
import { AppError } from "../errors/app-error";
import type { Logger } from "../logging/logger";

/** The error behind a GraphQL error: what a resolver or plugin threw, or the error itself. */
export function originalErrorOf(error: unknown): unknown {
  return error instanceof GraphQLError && error.originalError ? originalErrorOf(error.originalError) : error;
}

/** A request the client got wrong (input, access, limits, malformed HTTP): a 4xx, not a failure of ours. */
export function isClientError(error: unknown): boolean {
  const original = originalErrorOf(error);
  if (original instanceof AppError) return original.status < 500;
  const httpStatus = original instanceof GraphQLError ? (original.extensions.http as { status?: unknown } | undefined)?.status : undefined;
  return typeof httpStatus === "number" && httpStatus < 500;
}

/**
 * Yoga's logger on pino. Yoga logs every error its masking replaced: a client error is a warning
 * (its message only), anything else an error with its stack and GraphQL path.
 */
export function yogaLogging(logger: Logger): Record<"debug" | "info" | "warn" | "error", (...args: unknown[]) => void> {
  const write =
    (level: "debug" | "info" | "warn" | "error") =>
    (...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error);
      if (!error) return logger[level](args.map(String).join(" "));
      const path = error instanceof GraphQLError ? error.path : undefined;
      if (isClientError(error)) return logger.warn({ reason: error.message, path }, "GraphQL request refused");
      logger[level]({ err: originalErrorOf(error), path }, "unexpected GraphQL error");
    };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}

const jsonParams = ["variables", "extensions"] as const;

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Requests Yoga cannot read, answered with what was wrong: a body type it has no parser for is a
 * JSON 415 naming the Content-Type (Yoga answers an empty 415), and malformed `variables` or
 * `extensions` of a GET (or form-encoded POST), which Yoga JSON.parses without catching (a 500),
 * are a 400 naming the parameter.
 */
export function useUnreadableRequestsRefused(): Plugin {
  return {
    onRequestParse({ request, url, requestParser, setRequestParser, endResponse, fetchAPI }) {
      if (!requestParser) {
        const contentType = request.headers.get("content-type") ?? "none";
        const message = `A ${request.method} with Content-Type "${contentType}" cannot be read: send a POST with application/json, or a GET with the query in its URL.`;
        endResponse(fetchAPI.Response.json({ errors: [{ message, extensions: { code: "UNSUPPORTED_MEDIA_TYPE" } }] }, { status: 415 }));
        return;
      }
      setRequestParser(async (parsedRequest) => {
        try {
          return await requestParser(parsedRequest);
        } catch (error) {
          if (!(error instanceof SyntaxError)) throw error;
          const param = request.method === "GET" ? jsonParams.find((name) => !isJson(url.searchParams.get(name) || "null")) : undefined;
          const message = param ? `The ${param} parameter must be valid JSON.` : "The variables and extensions parameters must be valid JSON.";
          throw createGraphQLError(message, { extensions: { code: "BAD_USER_INPUT", http: { status: 400 } } });
        }
      });
    },
  };
}
