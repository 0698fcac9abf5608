import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import relay from "vite-plugin-relay";

// The web app lives in web/; the API (Express + GraphQL Yoga) runs separately on API_PORT.
// In development Vite proxies the API paths so the browser sees one origin (cookies, CSRF).
const webRoot = fileURLToPath(new URL(".", import.meta.url));
const apiPort = Number(process.env.API_PORT ?? 3000);
const apiTarget = `http://localhost:${apiPort}`;
const proxied = ["/graphql", "/graphiql", "/api", "/dev", "/healthz", "/readyz"];

export default defineConfig({
  root: webRoot,
  publicDir: "public",
  // vite-plugin-relay runs after Vite's own TS/JSX transform and swaps each graphql`` tag
  // for an import of the relay-compiler artifact (run `npx relay-compiler` first).
  // compression() writes a .br (quality 11) and a .gz (level 9) beside each text file of the
  // build, public/ included, for the server to send as they are (api/src/http/web-app.ts).
  plugins: [react(), relay, compression()],
  resolve: {
    alias: [
      // tsconfig.json's path alias: the pure code web and api share.
      { find: /^@shared\//, replacement: fileURLToPath(new URL("../shared/", import.meta.url)) },
      // shared/screen-rules.ts reads CSV with csv-parse/sync: its default build needs Node's Buffer,
      // its browser build brings its own.
      { find: /^csv-parse\/sync$/, replacement: "csv-parse/browser/esm/sync" },
    ],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  preview: { port: 4173 },
  build: {
    // WEB_DIST_DIR moves the build, and the server reads it from the same variable.
    outDir: process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : "dist",
    emptyOutDir: true,
    sourcemap: true,
    // Route-level code splitting comes from the lazy routes in src/routes.tsx.
  },
});
