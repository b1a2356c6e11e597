/** The contract's error shape: `{ "success": false, "message": "…" }` with a 4xx/5xx status. */
export function jsonError(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ success: false, message }, { status, headers });
}
