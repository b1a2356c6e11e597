import type { Env } from "./env.server";

/**
 * Where Google and GitHub sign-in send the browser: the origins a page's
 * forms may redirect to (the CSP's form-action). Google's authorization
 * endpoint is on its issuer's origin (accounts.google.com; a local test
 * issuer alike); GitHub's on GITHUB_URL's.
 */
export function oauthFormTargets(config: Pick<Env, "google" | "github">): string[] {
  const origins = new Set<string>();
  if (config.google) origins.add(new URL(config.google.issuer).origin);
  if (config.github) origins.add(new URL(config.github.url).origin);
  return [...origins];
}
