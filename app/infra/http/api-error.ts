/**
 * The one error shape of every /api/* answer of ours: `{"success": false,
 * "message": "…"}` with a 4xx/5xx status. jsonError (responses.ts) builds it;
 * the edge (server/http.ts, server/dependency-guard.ts) writes the same for
 * what it refuses before routing; the OpenAPI document's `Error` is generated
 * from this schema (app/openapi.ts). Server code only imports it (zod).
 */
import { z } from "zod";

export const apiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string().min(1).meta({ description: "What went wrong, in words a person can read." }),
  code: z.string().optional().meta({ description: "A code for programs, on the answers of our rules inside Better Auth (resend-verification)." }),
});

export type ApiError = z.output<typeof apiErrorSchema>;
