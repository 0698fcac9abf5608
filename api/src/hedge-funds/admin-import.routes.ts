// POST /api/admin/13f-imports: a 13F file imported by the running app, so an import never opens
// the embedded database beside it (one writer per data folder: db/data-dir-lock.ts).
// `npm run import:13f` sends its file here when a server holds the folder.
//
//   POST /api/admin/13f-imports?cik=0001067983[&quarter=YYYY-MM-DD][&filed=YYYY-MM-DD][&accession=…][&amendment=true][&fundName=…]
//   Authorization: Bearer <token>
//   Content-Type: text/csv | application/xml    (the file itself, at most 64 MB, read as a stream)
//
// The token is ADMIN_TOKEN, or, on an embedded database without it, the one this server made at
// start and keeps in DATA_DIR/pglite.lock (readable by its owner only): a CLI on this machine, run
// by the same user, reads it there. Answers 200 with what changed (the CLI's report), 400 naming
// the row and rule, 401 without the token, 403 when no token is set up (PostgreSQL without
// ADMIN_TOKEN), 413 over 64 MB, 415 for another format, 503 DATA_LOADING until the bundled data is
// in. Imports run one at a time.
import { Router } from "express";
import { requireAdmin } from "../auth/admin-token";
import type { AppDeps } from "../context";
import { AppError } from "../errors/app-error";
import { describeQuarter, importThirteenF, type ThirteenFFormat } from "./file-import";
import { normalizeCik } from "./hedge-funds";
import { THIRTEEN_F_LIMITS } from "./thirteen-f";

export const ADMIN_IMPORT_PATH = "/api/admin/13f-imports";

function formatOfRequest(contentType: string | undefined): ThirteenFFormat {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "text/csv") return "csv";
  if (type === "application/xml" || type === "text/xml") return "xml";
  throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the 13F file as the body with Content-Type text/csv (the bundled file's columns) or application/xml (an EDGAR information table).");
}

/** An optional query parameter: one string of at most `max` characters. */
function parameter(query: Record<string, unknown>, name: string, max = 150): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.length > max) {
    const message = `${name} must be given once, as at most ${max} characters`;
    throw new AppError("BAD_USER_INPUT", message, { fieldErrors: [{ field: name, message }] });
  }
  return value;
}

export function adminImportRoutes(deps: AppDeps): Router {
  const router = Router();
  let queue: Promise<unknown> = Promise.resolve();
  router.post(ADMIN_IMPORT_PATH, requireAdmin(deps), async (req, res) => {
    deps.startup.requireData();
    const format = formatOfRequest(req.get("content-type"));
    const encoding = (req.get("content-encoding") ?? "identity").toLowerCase();
    if (encoding !== "identity") throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Content-Encoding "${encoding}" is not supported here: send the file as it is.`);
    if (Number(req.get("content-length")) > THIRTEEN_F_LIMITS.fileBytes) {
      throw new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${THIRTEEN_F_LIMITS.fileBytes / 1024 / 1024} MB (the limit for one 13F file).`);
    }
    const query = req.query as Record<string, unknown>;
    const amendment = parameter(query, "amendment", 5);
    if (amendment !== undefined && amendment !== "true" && amendment !== "false") {
      throw new AppError("BAD_USER_INPUT", "amendment must be true or false", { fieldErrors: [{ field: "amendment", message: "amendment must be true or false" }] });
    }
    const options = {
      cik: normalizeCik(parameter(query, "cik", 10) ?? "", "cik"),
      quarterEnd: parameter(query, "quarter", 40),
      filedAt: parameter(query, "filed", 40),
      accessionNumber: parameter(query, "accession", 40),
      amendment: amendment === "true",
      fundName: parameter(query, "fundName"),
    };
    // One import at a time: each holds its file's positions in memory until stored.
    const run = queue.then(() => importThirteenF(deps.db, req, format, options));
    queue = run.catch(() => undefined);
    const quarters = await run;
    req.log.info({ cik: options.cik, quarters: quarters.map((quarter) => quarter.quarterEnd), rows: quarters.map((quarter) => quarter.comparison.holdingsCount) }, "13F file imported (admin route)");
    res.json({
      cik: options.cik,
      quarters: quarters.map((quarter) => ({
        quarterEnd: quarter.quarterEnd,
        holdingsCount: quarter.comparison.holdingsCount,
        totalValue: quarter.comparison.totalValue,
        previousQuarterEnd: quarter.comparison.previousQuarterEnd,
        amendment: quarter.amendment,
      })),
      report: quarters.map(describeQuarter).join("\n"),
    });
  });
  router.use("/api/admin", (req, res) => {
    res.status(404).json({ message: `No admin route ${req.method} ${req.originalUrl}.`, code: "NOT_FOUND" });
  });
  return router;
}
