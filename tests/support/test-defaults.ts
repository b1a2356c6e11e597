/**
 * The configuration every test server and test service runs with unless its
 * test overrides it: no breached-password check (tests have no internet; the
 * check's own tests point PWNED_PASSWORDS_URL at a local range server), and
 * the forms' ceilings out of the way of tests that post hundreds of messages
 * and count one mail each (the ceilings' own tests set them:
 * app/features/forms/form-service.test.ts, tests/security/f04-mail-ceilings.test.ts).
 */
export const TEST_DEFAULTS = { PWNED_PASSWORDS_URL: "off", FORM_MAILS_PER_HOUR: "1000000", FORM_MESSAGES_PER_DAY: "100000000" } as const;
