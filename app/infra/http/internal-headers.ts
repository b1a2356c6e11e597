/**
 * Headers the app and the HTTP edge (server/) pass each other on a response,
 * removed by the edge before the answer leaves the process.
 */

/**
 * "Keep this answer under this key as you send it" (app/replay-cache.server.ts).
 * Its value (URI-encoded: keys hold characters a header cannot) names a user id
 * and a path: it must never reach the client.
 */
export const REPLAY_KEY_HEADER = "x-tuesday-replay-key";
