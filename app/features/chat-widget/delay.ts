/** The spec's delay before the floating help button appears after the page loads. */
export const CHAT_BUTTON_DELAY_MS = 2000;
