import { GENERIC_ERROR_MESSAGE, GraphQLRequestError } from "../../relay/environment";

const MESSAGES_BY_CODE: Record<string, string> = {
  PRO_REQUIRED: "API keys need an active Pro plan or trial.",
  UNAUTHENTICATED: "Your session has ended. Please sign in again.",
  NOT_FOUND: "This key no longer exists. Reload the page to see your keys.",
};

/** A short sentence for a failed key operation: the code's meaning, else the environment's message. */
export function apiKeyErrorMessage(error: unknown): string {
  if (!(error instanceof GraphQLRequestError)) return GENERIC_ERROR_MESSAGE;
  return MESSAGES_BY_CODE[error.code] ?? error.message;
}
