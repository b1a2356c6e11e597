/**
 * The page script's hashed file (app/client/page-script.ts), which every page
 * names in a <script type="module">: written in at build time by
 * vite.config.ts (`clientChunkNames`; the client is built first, so its file
 * names are known when the server is built). In development and in unit tests
 * the placeholder stays: the module's source path, which Vite serves.
 */
const BUILT: string = "__PAGE_SCRIPT_CHUNK__";

export const pageScriptUrl: string = BUILT.startsWith("/") ? BUILT : "/app/client/page-script.ts";
