import type { FormActionResult } from "./form-schema";

/**
 * The pages' clientAction: the server action through the fetcher, and any
 * failure on the way (network down, server error) as a failed submission
 * rather than the route's error page, so the form and its text stay.
 */
export async function submitThroughServer(serverAction: () => Promise<FormActionResult>): Promise<FormActionResult> {
  try {
    return await serverAction();
  } catch {
    return { status: "failed" };
  }
}
