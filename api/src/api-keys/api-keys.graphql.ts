import { ViewerRef } from "../auth/viewer.graphql";
import type { ApiKey } from "../generated/prisma/client";
import { builder } from "../graphql/builder";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys";

// Keys are private to their owner: a plain object type, never a Node reachable by id.
const ApiKeyRef = builder.objectRef<ApiKey>("ApiKey").implement({
  description: "An API key of the signed-in user. The secret itself is shown only once, when the key is created.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    prefix: t.exposeString("prefix", { description: "The key's first characters (tsk_…), to tell keys apart." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    lastUsedAt: t.expose("lastUsedAt", {
      type: "DateTime",
      nullable: true,
      description: "Last request made with the key (to the minute); null if never used.",
    }),
    revokedAt: t.expose("revokedAt", { type: "DateTime", nullable: true, description: "Null while the key works." }),
  }),
});

builder.objectField(ViewerRef, "apiKeys", (t) =>
  t.field({
    type: [ApiKeyRef],
    description: "The signed-in user's API keys, newest first (revoked ones included).",
    authScopes: { signedIn: true },
    resolve: (_user, _args, context) => listApiKeys(context),
  }),
);

const CreateApiKeyInput = builder.inputType("CreateApiKeyInput", {
  fields: (t) => ({ name: t.string({ required: true, description: "A name to recognise the key by (1–100 characters)." }) }),
});

const CreateApiKeyPayload = builder.objectRef<{ apiKey: ApiKey; secret: string }>("CreateApiKeyPayload").implement({
  fields: (t) => ({
    apiKey: t.field({ type: ApiKeyRef, resolve: (payload) => payload.apiKey }),
    secret: t.exposeString("secret", {
      description: "The key itself, for `Authorization: Bearer <secret>`. Shown only now: only its hash is stored.",
    }),
  }),
});

builder.mutationField("createApiKey", (t) =>
  t.field({
    type: CreateApiKeyPayload,
    description: "Create an API key (Pro). Keys are created with a browser session, not with another key.",
    authScopes: { pro: true },
    args: { input: t.arg({ type: CreateApiKeyInput, required: true }) },
    resolve: (_root, { input }, context) => createApiKey(context, input),
  }),
);

builder.mutationField("revokeApiKey", (t) =>
  t.field({
    type: ApiKeyRef,
    description: "Revoke one of the signed-in user's API keys (Pro not needed, so a lapsed customer can still lock a key).",
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => revokeApiKey(context, String(id)),
  }),
);
