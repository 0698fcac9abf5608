import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import relay from "vite-plugin-relay";

// The web app lives in web/; the API (Express + GraphQL Yoga) runs separately on API_PORT.
// In development Vite proxies the API paths so the browser sees one origin (cookies, CSRF).
const webRoot = fileURLToPath(new URL(".", import.meta.url));
const apiPort = Number(process.env.API_PORT ?? 3000);
const apiTarget = `http://localhost:${apiPort}`;
const proxied = ["/graphql", "/api", "/dev", "/healthz", "/readyz"];

export default defineConfig({
  root: webRoot,
  publicDir: "public",
  // vite-plugin-relay runs after Vite's own TS/JSX transform and swaps each graphql`` tag
  // for an import of the relay-compiler artifact (run `npx relay-compiler` first).
  plugins: [react(), relay],
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  preview: { port: 4173 },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // Route-level code splitting comes from the lazy routes in src/routes.tsx.
  },
});
