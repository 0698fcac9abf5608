// The production server as one CommonJS bundle (esbuild), api/dist/server.cjs, rebuilt only when
// the API sources changed (hash in api/dist/.source-hash). Node then loads one file instead of
// compiling some 300 TypeScript modules at each start. Packages stay external (node_modules).
// Worker threads and GraphiQL's start script still read files next to their sources, so each
// source file's __dirname is its own folder, not the bundle's. The bundle checks its own sources
// when it starts (startup/current-build.ts).
import fs from "node:fs";
import path from "node:path";
import { buildUnlessCurrent } from "./src/build/source-hash";

const root = path.resolve(__dirname, "..");
export const serverBundle = path.join(root, "api", "dist", "server.cjs");

// shared/ holds the web app's routes too, which the server answers 200 for (http/web-app.ts).
const inputs = ["api/src", "shared", "api/build.ts", "web/build.ts", "package-lock.json", "tsconfig.json"];

/** Builds the bundle if its sources changed; returns whether it built. */
export async function buildServer(options: { force?: boolean } = {}): Promise<boolean> {
  const started = performance.now();
  const built = await buildUnlessCurrent({
    root,
    inputs,
    hashFile: path.join(path.dirname(serverBundle), ".source-hash"),
    force: options.force,
    build: async () => {
      const esbuild = await import("esbuild");
      await esbuild.build({
        entryPoints: [path.join(root, "api", "src", "server.ts")],
        outfile: serverBundle,
        bundle: true,
        platform: "node",
        target: "node20",
        format: "cjs",
        packages: "external",
        sourcemap: "linked",
        logLevel: "warning",
        plugins: [
          {
            name: "source-dirname",
            setup(build) {
              build.onLoad({ filter: /\.ts$/ }, async (args) =>
                args.path.includes(`${path.sep}node_modules${path.sep}`)
                  ? undefined
                  : {
                      // Declared on the first line, so the source map's line numbers still match.
                      contents: `const __dirname = ${JSON.stringify(path.dirname(args.path))};${await fs.promises.readFile(args.path, "utf8")}`,
                      loader: "ts",
                    },
              );
            },
          },
        ],
      });
    },
  });
  const where = path.relative(root, serverBundle);
  console.log(built ? `server built in ${((performance.now() - started) / 1000).toFixed(1)} s (${where})` : `server is up to date (${where})`);
  return built;
}
