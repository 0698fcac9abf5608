import fs from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

export type Encoding = "br" | "gzip";

const FILE_EXTENSIONS: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/** br over gzip whenever the browser accepts both (smaller); nothing when it accepts neither. */
export function pickEncoding(req: express.Request, available: readonly Encoding[]): Encoding | undefined {
  return (["br", "gzip"] as const).find((encoding) => available.includes(encoding) && req.acceptsEncodings(encoding) === encoding);
}

function filesUnder(directory: string): string[] {
  return fs
    .readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`);
}

/**
 * express.static for a build directory, sending the `.br` or `.gz` the build wrote beside a
 * file when the browser accepts it (Content-Encoding set, Content-Type of the original).
 * The directory is listed once: a build replaces it, and the server restarts with it.
 */
export function precompressedStatic(directory: string, options: { maxAge: string; immutable?: boolean }): RequestHandler {
  const files = new Set(filesUnder(directory));
  const serve = express.static(directory, { ...options, index: false });
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return serve(req, res, next);
    let file: string;
    try {
      file = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const available = (Object.keys(FILE_EXTENSIONS) as Encoding[]).filter((encoding) => files.has(file + FILE_EXTENSIONS[encoding]));
    if (available.length === 0) return serve(req, res, next);
    res.vary("Accept-Encoding");
    const encoding = pickEncoding(req, available);
    if (!encoding) return serve(req, res, next);
    res.set("Content-Encoding", encoding).type(path.extname(file));
    const originalUrl = req.url;
    req.url = `${req.path}${FILE_EXTENSIONS[encoding]}${originalUrl.slice(req.path.length)}`;
    serve(req, res, (error) => {
      req.url = originalUrl;
      res.removeHeader("Content-Encoding");
      next(error);
    });
  };
}
