import session from "express-session";
import type { Database } from "../db/database";
import type { Logger } from "../logging/logger";
import { createAuthCache, type AuthCache } from "./auth-cache";

const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * express-session store on the spec's `sessions` table (sid, sess json, expire),
 * through Prisma so it works on PGlite and PostgreSQL alike, read through the
 * auth cache. Expired rows are never read and are purged periodically.
 */
export class PrismaSessionStore extends session.Store {
  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly cache: AuthCache = createAuthCache(0),
  ) {
    super();
  }

  override get(sid: string, callback: (error: unknown, session?: session.SessionData | null) => void): void {
    this.cache
      .session(sid, async () => {
        const row = await this.db.prisma.session.findFirst({ where: { sid, expire: { gt: new Date() } } });
        return row ? serialize(row.sess as unknown as session.SessionData, row.expire) : null;
      })
      .then((serialized) => {
        // A cached copy is parsed anew each time: express-session mutates the object it is given.
        const stored = serialized === null ? null : (JSON.parse(serialized) as StoredSession);
        callback(null, stored && Date.parse(stored.expire) > Date.now() ? stored.sess : null);
      }, callback);
  }

  override set(sid: string, sess: session.SessionData, callback?: (error?: unknown) => void): void {
    const expire = expiryOf(sess);
    const serialized = serialize(sess, expire);
    const data = { sess: (JSON.parse(serialized) as StoredSession).sess as object, expire };
    this.cache.forgetSession(sid);
    this.db.prisma.session
      .upsert({ where: { sid }, create: { sid, ...data }, update: data })
      .then(
        () => {
          this.cache.setSession(sid, serialized);
          callback?.();
        },
        (error) => callback?.(error),
      );
  }

  // Sessions do not roll (the cookie's expiry is fixed at sign-in), so the row's
  // expiry must not move either; skipping the write saves one query per request.
  override touch(_sid: string, _sess: session.SessionData, callback?: () => void): void {
    callback?.();
  }

  override destroy(sid: string, callback?: (error?: unknown) => void): void {
    this.cache.forgetSession(sid);
    this.db.prisma.session
      .deleteMany({ where: { sid } })
      .then(
        () => {
          this.cache.forgetSession(sid);
          callback?.();
        },
        (error) => callback?.(error),
      );
  }

  /** Deletes expired rows; returns how many. */
  async purgeExpired(now: Date = new Date()): Promise<number> {
    const { count } = await this.db.prisma.session.deleteMany({ where: { expire: { lte: now } } });
    return count;
  }
}

type StoredSession = { sess: session.SessionData; expire: string };

function serialize(sess: session.SessionData, expire: Date): string {
  return JSON.stringify({ sess, expire: expire.toISOString() } satisfies StoredSession);
}

function expiryOf(sess: session.SessionData): Date {
  const expires = sess.cookie?.expires;
  if (expires) return new Date(expires);
  return new Date(Date.now() + (sess.cookie?.maxAge ?? ONE_DAY_MS));
}
