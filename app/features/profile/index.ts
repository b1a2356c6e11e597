/** The profile feature's public client API: what the app shell and other features may use. */
export { browserSession, clearLocalStats, countVisit } from "./local-stats";
