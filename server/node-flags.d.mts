/** Types of node-flags.mjs, for the TypeScript callers (tests, scripts). */
export declare const NODE_FLAGS: string[];
export declare const NODE_ENV_VARS: Record<string, string>;
