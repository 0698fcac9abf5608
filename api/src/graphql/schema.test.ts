import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "../config/project-root";
import { printedSchema } from "./schema";

it("schema.graphql matches the Pothos schema (run `npm run schema:print` after changing types)", () => {
  const committed = fs.readFileSync(path.join(projectRoot, "schema.graphql"), "utf8");
  expect(committed).toBe(printedSchema());
});
