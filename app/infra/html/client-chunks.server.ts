/**
 * Hashed client files the server names in a page's HTML, written in at build
 * time by vite.config.ts (`clientChunkNames`): the client is built first, so
 * its file names are known when the server is built. In development and in
 * unit tests the placeholder stays, and there is no such file.
 */
const REPORTER: string = "__ANALYTICS_REPORTER_CHUNK__";

/** The analytics reporter's module (features/analytics/reporter.ts), or undefined outside a build. */
export const analyticsReporterChunk: string | undefined = REPORTER.startsWith("/") ? REPORTER : undefined;
