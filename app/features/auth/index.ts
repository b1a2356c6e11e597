/**
 * The auth feature's public client API for every page: what the site's shell
 * and other features may use. (The account pages' extra tools are
 * index.account.ts, the server side's index.server.ts.) Everything else in
 * this folder is the feature's own. Whatever this module reaches is in every
 * page's initial JavaScript: keep it to what the shell draws.
 */
export { SignOutForm } from "./sign-out";
export { cacheUser, clearCachedUser } from "./user-cache";
