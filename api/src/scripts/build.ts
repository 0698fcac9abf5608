// `npm run build` (and the first step of `npm start`): the web app and the server bundle, each only
// when its sources changed since its last build. `-- --force` builds both.
import { buildServer } from "../../build";
import { buildWeb } from "../../../web/build";

async function main() {
  const force = process.argv.includes("--force");
  await buildWeb({ force });
  await buildServer({ force });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
