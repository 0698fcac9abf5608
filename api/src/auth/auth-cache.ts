import { LRUCache } from "lru-cache";
import type { User } from "../generated/prisma/client";

/** An API key as authentication needs it: whose it is, and when its use was last recorded. */
export type CachedApiKey = { apiKeyId: string; userId: string; lastUsedAt: Date | null };

/**
 * What every authenticated request looks up (its session, its API key, its user), kept in
 * memory for `ttlMs` so a signed-in request costs no database round trip; on the embedded
 * database those round trips share the server's one thread. Writes made through this process
 * (sign-in, sign-out, billing changes, key revocation) drop their entries at once; another
 * instance's writes are seen within `ttlMs`. A `ttlMs` of 0 turns caching off.
 */
export type AuthCache = {
  session(sid: string, load: () => Promise<string | null>): Promise<string | null>;
  setSession(sid: string, serialized: string): void;
  forgetSession(sid: string): void;
  apiKey(secretHash: string, load: () => Promise<CachedApiKey | null>): Promise<CachedApiKey | null>;
  forgetApiKey(apiKeyId: string): void;
  user(id: string, load: () => Promise<User | null>): Promise<User | null>;
  forgetUser(id: string): void;
};

const MAX_ENTRIES = 10_000;

export function createAuthCache(ttlMs: number): AuthCache {
  const enabled = ttlMs > 0;
  // Entries hold "nothing found" too (an unknown sid or key), as a sentinel: LRUCache stores no null.
  const NONE = Symbol("none");
  const cache = <Value extends object | string>() => new LRUCache<string, Value | typeof NONE>({ max: MAX_ENTRIES, ttl: Math.max(1, ttlMs) });
  const sessions = cache<string>();
  const apiKeys = cache<CachedApiKey>();
  const users = cache<User>();

  async function through<Value extends object | string>(
    store: LRUCache<string, Value | typeof NONE>,
    key: string,
    load: () => Promise<Value | null>,
  ): Promise<Value | null> {
    if (!enabled) return load();
    const cached = store.get(key);
    if (cached !== undefined) return cached === NONE ? null : cached;
    const loaded = await load();
    store.set(key, loaded ?? NONE);
    return loaded;
  }

  return {
    session: (sid, load) => through(sessions, sid, load),
    setSession(sid, serialized) {
      if (enabled) sessions.set(sid, serialized);
    },
    forgetSession: (sid) => sessions.delete(sid),
    apiKey: (secretHash, load) => through(apiKeys, secretHash, load),
    forgetApiKey(apiKeyId) {
      for (const [hash, key] of apiKeys.entries()) if (key !== NONE && key.apiKeyId === apiKeyId) apiKeys.delete(hash);
    },
    user: (id, load) => through(users, id, load),
    forgetUser: (id) => users.delete(id),
  };
}
