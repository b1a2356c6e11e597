/**
 * The forms feature's public server API: what the operator console
 * (features/admin) may use. Everything else in this folder is the feature's own.
 */
export {
  deleteMessages,
  findMessage,
  findMessages,
  INBOX_PAGE_SIZE,
  inboxCsv,
  type InboxCursor,
  type InboxFilter,
  listInbox,
  openCounts,
  SEARCH_MAX,
  setMessagesStatus,
  setMessageStatus,
  spamCount,
} from "./inbox.server";
export { REPLY_MAX, repliesTo, sendReply } from "./replies.server";
export { DEFAULT_RULES, findForm, type FormDefinition, formInput, listForms, rotateWebhookSecret, saveForm } from "./form-registry.server";
export { rulesText } from "./field-rules";
export { extraFields, type StoredMessage } from "./message-store.server";
export { csvField } from "./message-list.server";
export { formErrorsSchema, formSubmissionSchema } from "./form-api.server";
export { ANY_FIELD_MAX_LENGTH, ANY_FIELDS_MAX, FORM_ERROR_CODES, FORMSPREE_HONEYPOT_FIELD, validateAnyFields, validateSubmission } from "./form-schema";
