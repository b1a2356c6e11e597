import { account } from "~/shared/i18n/catalog/account";

/**
 * The profile's messages (spec sections 5 and 8), exactly, in English: what
 * the user-record API answers. The page and its action take them in the
 * page's language from the "account" catalog (`profile`), where these live.
 */
export const PROFILE_MESSAGES = account.profile;
