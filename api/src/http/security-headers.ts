import helmet from "helmet";
import type { AppConfig } from "../config/config";

/** The response headers every answer carries, from the first second of a start (boot app included). */
export function securityHeaders(config: Pick<AppConfig, "isProduction" | "publicUrl">) {
  // Helmet's default no-referrer makes browsers send `Origin: null` on same-origin form
  // posts; this policy keeps the origin for this site and sends only it cross-site.
  const referrerPolicy = { policy: "strict-origin-when-cross-origin" } as const;
  return helmet({
    referrerPolicy,
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        // Profile pictures come from sign-in providers (https only).
        "img-src": ["'self'", "data:", "https:"],
        "media-src": ["'self'"],
        // Market Videos plays YouTube videos in its privacy-enhanced (no-cookie) player, and only there.
        // Thumbnails (https://i.ytimg.com) are covered by the https: images above.
        "frame-src": ["https://www.youtube-nocookie.com"],
        "connect-src": ["'self'"],
        "upgrade-insecure-requests": config.isProduction && config.publicUrl.startsWith("https") ? [] : null,
      },
    },
  });
}
