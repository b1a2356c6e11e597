/** Ask Tuesday's numbers that pages show as well as the server (issue 41; contract: at most 500 characters). */
export const MAX_QUESTION_LENGTH = 500;
/** How long the unanswered-question log, where switched on, keeps a question. */
export const UNANSWERED_LOG_DAYS = 30;
