/** Types of build.mjs, for the TypeScript callers (tests, scripts). */
export function buildFingerprint(root: string): string;
export function buildIsFresh(root: string, fingerprint?: string): boolean;
export function ensureBuild(root: string, log?: (message: string) => void, options?: { force?: boolean }): boolean;
