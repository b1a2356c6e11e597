/** Types of build.mjs, for the TypeScript callers (tests, scripts). */
export function buildFingerprint(root: string): string;
export function buildIsFresh(root: string, fingerprint?: string): boolean;
export function ensureBuild(root: string, log?: (message: string) => void, options?: { force?: boolean }): boolean;
/** Runs `fn` while no other process builds in `root` (a lock directory there). */
export function whileNoOtherBuild<T>(root: string, fn: () => T): T;
