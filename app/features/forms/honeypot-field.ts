/** A field no person sees or fills; a bot that fills it gets a success answer and nothing is kept. */
export const HONEYPOT_FIELD = "subject_line";
