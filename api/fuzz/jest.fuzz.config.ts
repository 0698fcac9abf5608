/** @jest-config-loader esbuild-register */
import path from "node:path";
import type { Config } from "jest";
import config from "../../jest.config";

// `npm run test:fuzz`: the api project's setup (transform, migrated test database), over the
// *.fuzz.ts files only. `npm test` never runs them (its api project matches *.test.ts).
const api = config.projects!.find((project) => typeof project === "object" && project.displayName === "api") as Config;

const fuzzConfig: Config = {
  ...api,
  rootDir: path.join(__dirname, "../.."),
  displayName: "fuzz",
  roots: ["<rootDir>/api/fuzz"],
  testMatch: ["**/*.fuzz.ts"],
  testTimeout: 240_000,
};

export default fuzzConfig;
