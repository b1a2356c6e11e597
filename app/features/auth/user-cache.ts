/**
 * The spec caches the user record in local storage under `user` (and keeps a
 * `rememberDevice` flag). The server session stays the source of truth: the
 * cache only lets a page show the name before its data arrives, and sign-out
 * clears it.
 */
export const USER_CACHE_KEY = "user";
export const REMEMBER_DEVICE_KEY = "rememberDevice";

export function cacheUser(record: unknown): void {
  try {
    localStorage.setItem(USER_CACHE_KEY, JSON.stringify(record));
  } catch {
    // Storage can be full or disabled (private mode); the cache is optional.
  }
}

export function clearCachedUser(): void {
  try {
    localStorage.removeItem(USER_CACHE_KEY);
  } catch {
    // See cacheUser.
  }
}
