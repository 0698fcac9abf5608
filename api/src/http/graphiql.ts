import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { Router } from "express";
import { css, editorWorkerService, graphqlWorker, js, jsonWorker } from "@graphql-yoga/render-graphiql/graphiql";
import type { GraphiQLOptions } from "graphql-yoga";
import { pickEncoding, type Encoding } from "./precompressed";

/**
 * GraphiQL as a small page plus cacheable files. @graphql-yoga/render-graphiql inlines its
 * whole bundle (~9 MB: GraphiQL, Monaco and three editor workers) into the HTML of every
 * visit; here the page only points at those files, served from /graphiql/ under
 * content-hashed names with year-long immutable caching and br/gzip compression, so a
 * browser downloads them once per GraphiQL version. Everything is local: no CDN.
 */
const GRAPHIQL_ASSETS_PATH = "/graphiql";

interface Asset {
  url: string;
  contentType: string;
  body: Buffer;
  /** Compressed on first request, then kept: the files never change while the process runs. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function encode(asset: Asset, encoding: Encoding): Promise<Buffer> {
  asset.encoded[encoding] ??=
    encoding === "br"
      ? // Quality 9 with a 16 MB window: 9% larger than the maximum (11) for a twentieth of its
        // CPU (~1.5 s for all files, once per process, off the event loop).
        brotli(asset.body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
            [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: asset.body.length,
          },
        })
      : gzip(asset.body, { level: 9 });
  return asset.encoded[encoding];
}

function asset(name: string, extension: string, contentType: string, source: string): Asset {
  const body = Buffer.from(source);
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 12);
  return { url: `${GRAPHIQL_ASSETS_PATH}/${name}.${hash}.${extension}`, contentType, body, encoded: {} };
}

const javascript = "text/javascript; charset=utf-8";
const assets = {
  start: asset("start", "js", javascript, fs.readFileSync(path.join(__dirname, "graphiql-start.js"), "utf8")),
  graphiql: asset("graphiql", "js", javascript, js),
  styles: asset("graphiql", "css", "text/css; charset=utf-8", css),
  editorWorker: asset("editor.worker", "js", javascript, editorWorkerService),
  jsonWorker: asset("json.worker", "js", javascript, jsonWorker),
  graphqlWorker: asset("graphql.worker", "js", javascript, graphqlWorker),
};
const assetsByUrl = new Map(Object.values(assets).map((entry) => [entry.url, entry]));

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The GraphiQL page (Yoga's `renderGraphiQL`): a few hundred bytes plus the options. */
export function renderGraphiQL(options: GraphiQLOptions): string {
  const config = {
    options,
    // Monaco asks for its workers by these labels.
    workers: { editorWorkerService: assets.editorWorker.url, json: assets.jsonWorker.url, graphql: assets.graphqlWorker.url },
  };
  // A JSON data block is never executed; escaping "<" keeps "</script>" in a query from closing it.
  const configJson = JSON.stringify(config).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(options.title ?? "GraphiQL")}</title>
    <link rel="icon" type="image/svg+xml" href="/logo.svg" />
    <link rel="stylesheet" href="${assets.styles.url}" />
    <script type="application/json" id="graphiql-config">${configJson}</script>
    <script defer src="${assets.start.url}"></script>
    <script defer src="${assets.graphiql.url}"></script>
  </head>
  <body class="no-focus-outline">
    <noscript>GraphiQL needs JavaScript enabled.</noscript>
    <div id="root"></div>
  </body>
</html>
`;
}

/**
 * Serves the files the GraphiQL page loads, compressed as the browser accepts, cached for a year,
 * and sends /graphiql itself (a natural guess, and where the files live) to the page at /graphql.
 */
export function graphiqlRoutes(graphqlEndpoint: string): Router {
  const router = Router();
  router.get([GRAPHIQL_ASSETS_PATH, `${GRAPHIQL_ASSETS_PATH}/`], (_req, res) => res.redirect(308, graphqlEndpoint));
  router.get(`${GRAPHIQL_ASSETS_PATH}/:file`, async (req, res, next) => {
    const file = assetsByUrl.get(req.path);
    // Names change with each GraphiQL version: an old page asks for files that are gone.
    if (!file) return res.status(404).type("text/plain").send("No such GraphiQL file: reload the page.");
    const encoding = pickEncoding(req, ["br", "gzip"]);
    res.set({
      "Content-Type": file.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      Vary: "Accept-Encoding",
    });
    try {
      if (encoding) {
        res.set("Content-Encoding", encoding).send(await encode(file, encoding));
      } else {
        res.send(file.body);
      }
    } catch (error) {
      next(error);
    }
  });
  return router;
}
