/**
 * The forms feature's public browser-safe API: what other features' pages may
 * use (the operator console's form editor check, the waitlist's honeypot).
 * Server code: index.server.ts.
 */
export { checkFormDefinition, type FormDefinitionField } from "./form-definition";
export { honeypotFilled } from "./form-schema";
export { Honeypot } from "./honeypot";
export { DEFAULT_RULES, rulesText } from "./field-rules";
