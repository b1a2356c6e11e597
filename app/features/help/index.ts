/** Ask Tuesday's public API for pages and other features (the help widget's starter questions, its limits). */
export { starterSetOf } from "./starters";
export { MAX_QUESTION_LENGTH, UNANSWERED_LOG_DAYS } from "./limits";
export { answerLanguageFor } from "./answer-language";
