// Writes the Pothos schema to ./schema.graphql (the file the web's Relay compiler reads).
import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "../config/project-root";
import { printedSchema } from "../graphql/schema";

const target = path.join(projectRoot, "schema.graphql");
fs.writeFileSync(target, printedSchema());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
