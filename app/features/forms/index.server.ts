/**
 * The forms feature's public server API: what the operator console
 * (features/admin) may use. Everything else in this folder is the feature's own.
 */
export { deleteMessage, findMessage, INBOX_PAGE_SIZE, inboxCsv, type InboxCursor, type InboxFilter, listInbox, openCounts, SEARCH_MAX, setMessageStatus } from "./inbox.server";
export { type FormDefinition, formInput, listForms, saveForm } from "./form-registry.server";
export type { StoredMessage } from "./message-store.server";
export { csvField } from "./message-list.server";
