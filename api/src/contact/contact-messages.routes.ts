import { Router } from "express";
import { submitContactMessage } from "./contact-messages";
import { requestContext } from "../http/request-context";
import type { AppDeps } from "../context";

/** REST shim for spec §7 `POST /api/contact`, over the same service as the GraphQL mutation. */
export function contactRoutes(deps: AppDeps): Router {
  const router = Router();
  router.post("/api/contact", async (req, res) => {
    const stored = await submitContactMessage(requestContext(deps, req), req.body);
    res.status(201).json({ id: stored.id, createdAt: stored.createdAt.toISOString() });
  });
  return router;
}
