import type { Request, Response } from "express";
import { GraphQLError } from "graphql";
import { createYoga, maskError as yogaMaskError } from "graphql-yoga";
import { useCSRFPrevention } from "@graphql-yoga/plugin-csrf-prevention";
import { renderGraphiQL } from "@graphql-yoga/render-graphiql";
import { AppError } from "../errors/app-error";
import { schema } from "../graphql/schema";
import { requestContext } from "./request-context";
import type { AppDeps } from "../context";

const exampleQuery = `# Tickerscope GraphQL API: the same data the web app reads.
query ContactDetails {
  contactDetails {
    email
    phone
    hours
  }
}
`;

/** GraphQL Yoga at /graphql, with a GraphiQL bundled for offline use (browsers, Accept: text/html). */
export function createGraphQLEndpoint(deps: AppDeps) {
  return createYoga<{ req: Request; res: Response }>({
    schema,
    graphqlEndpoint: "/graphql",
    landingPage: false,
    graphiql: { title: "Tickerscope GraphQL API", defaultQuery: exampleQuery },
    renderGraphiQL,
    context: ({ req }) => requestContext(deps, req),
    // Cookie-authenticated browsers must send a header a cross-site form cannot.
    plugins: [useCSRFPrevention({ requestHeaders: ["x-graphql-yoga-csrf"] })],
    logging: {
      debug: (...args) => deps.logger.debug(args.map(String).join(" ")),
      info: (...args) => deps.logger.info(args.map(String).join(" ")),
      warn: (...args) => deps.logger.warn(args.map(String).join(" ")),
      error: (...args) => deps.logger.error(args.map(String).join(" ")),
    },
    maskedErrors: {
      // AppErrors carry stable codes for clients; anything unexpected is logged
      // with its context and masked (details only outside production).
      maskError(error, message, isDev) {
        const original = error instanceof GraphQLError ? error.originalError : error;
        if (original instanceof AppError) {
          const graphQLError = error instanceof GraphQLError ? error : undefined;
          return new GraphQLError(original.message, {
            nodes: graphQLError?.nodes,
            path: graphQLError?.path,
            extensions: original.toExtensions(),
          });
        }
        if (!(original instanceof GraphQLError) && !(error instanceof GraphQLError && !original)) {
          deps.logger.error(
            { err: original, path: error instanceof GraphQLError ? error.path : undefined },
            "unexpected GraphQL resolver error",
          );
        }
        return yogaMaskError(error, message, isDev && !deps.config.isProduction);
      },
    },
  });
}
