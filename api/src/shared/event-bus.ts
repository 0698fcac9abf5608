import type Redis from "ioredis";
import { createPubSub, type PubSub } from "graphql-yoga";
import type { Logger } from "../logging/logger";

type Topics = Record<string, [unknown]>;

/** Events one instance publishes and every instance's subscribers receive (GraphQL subscriptions, caches). */
export type EventBus<T extends Topics> = PubSub<T> & {
  /** Stops listening to Redis (a no-op in-process). */
  close(): Promise<void>;
};

/**
 * In-process by default: right for one instance (PGlite has only ever one). With Redis, every
 * instance's subscribers see what any instance published: `publish` sends to a Redis channel
 * only (one per topic), and each instance (the publisher included) delivers what the channel
 * brings, so the publishing instance delivers each event once, not twice. Redis pub/sub is at most
 * once: an event sent while an instance is disconnected is lost to its subscribers, who still see
 * the rows at their next page load. `decode` turns the JSON back into the payload's types.
 */
export function createEventBus<T extends Topics>(options: {
  name: string;
  topics: readonly Extract<keyof T, string>[];
  decode: (topic: Extract<keyof T, string>, json: unknown) => unknown;
  redis?: Redis;
  logger?: Logger;
}): EventBus<T> {
  const local = createPubSub<T>();
  const { redis, logger, name } = options;
  if (!redis) return { ...local, close: async () => {} };

  // ioredis prefixes keys, not channels: apply the deployment's prefix so apps sharing a Redis stay apart.
  const channelOf = (topic: string) => `${redis.options.keyPrefix ?? ""}${topic}`;
  const topicOf = new Map(options.topics.map((topic) => [channelOf(topic), topic]));
  // A connection in subscriber mode can send nothing else, hence a second one.
  const subscriber = redis.duplicate();
  subscriber.on("message", (from: string, message: string) => {
    const topic = topicOf.get(from);
    if (!topic) return;
    try {
      (local.publish as (topic: string, payload: unknown) => void)(topic, options.decode(topic, JSON.parse(message)));
    } catch (error) {
      logger?.error({ err: error, topic }, `unreadable ${name} event from Redis`);
    }
  });
  const subscribed = subscriber.subscribe(...options.topics.map(channelOf));
  subscribed.catch((error: unknown) => logger?.error({ err: error }, `could not subscribe to ${name} events in Redis`));

  return {
    publish(topic, payload) {
      redis
        .publish(channelOf(topic as string), JSON.stringify(payload))
        .catch((error: unknown) => logger?.error({ err: error, topic }, `could not publish ${name} event to Redis`));
    },
    subscribe: local.subscribe,
    async close() {
      await subscribed.catch(() => undefined);
      await subscriber.quit();
    },
  };
}
