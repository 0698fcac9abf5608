import type Redis from "ioredis";
import type { Logger } from "../logging/logger";
import { createEventBus, type EventBus } from "../shared/event-bus";

/** A stored firing, named for the bell and the alertFired subscription (which read the row itself). */
export type FiredAlert = { userId: string; firingId: string };

type AlertTopics = { "alerts:fired": [FiredAlert[]] };

/** Firings as evaluation commits them, to every instance's open bells (Redis across instances). */
export type AlertEvents = EventBus<AlertTopics>;

export const createAlertEvents = (options: { redis?: Redis; logger?: Logger } = {}): AlertEvents =>
  createEventBus<AlertTopics>({ name: "alert", topics: ["alerts:fired"], decode: (_topic, json) => json as FiredAlert[], ...options });
