/**
 * Jest setup for the "web" project (jsdom): browser APIs jsdom lacks
 * (matchMedia, HTMLMediaElement.play/pause, ResizeObserver, scrollTo,
 * TextEncoder, and a minimal Request for react-router's data router).
 */
import { TextDecoder, TextEncoder } from "node:util";


Object.assign(globalThis, { TextEncoder, TextDecoder });

if (typeof window.matchMedia !== "function") {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

Object.defineProperty(window.HTMLMediaElement.prototype, "play", {
  configurable: true,
  value(this: HTMLMediaElement) {
    this.dispatchEvent(new Event("play"));
    return Promise.resolve();
  },
});
Object.defineProperty(window.HTMLMediaElement.prototype, "pause", {
  configurable: true,
  value(this: HTMLMediaElement) {
    this.dispatchEvent(new Event("pause"));
  },
});
Object.defineProperty(window.HTMLMediaElement.prototype, "load", { configurable: true, value() {} });

if (typeof globalThis.ResizeObserver === "undefined") {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}

window.scrollTo = () => {};

if (typeof globalThis.Request === "undefined") {
  // Enough of the Fetch API Request for react-router's client-side navigations (GET, no body).
  class MinimalRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    readonly headers: Map<string, string>;
    constructor(input: string | URL | { url: string }, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      this.method = (init.method ?? "GET").toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
      this.headers = new Map();
    }
  }
  Object.assign(globalThis, { Request: MinimalRequest });
}
