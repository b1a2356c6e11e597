import { shell } from "~/shared/i18n/catalog/shell";
import { useMessages } from "~/shared/i18n/messages";
import { Icon } from "~/shared/ui/icon";
import { CHAT_BUTTON_CLASS } from "./look";

/** The stub's attribute, which the bootstrap and the widget find it by. */
export const CHAT_STUB = "data-chat-stub";

/** The stub, when it is on screen (the page was not hydrated 2 s after load). */
export function shownChatStub(): HTMLElement | null {
  const stub = document.querySelector<HTMLElement>(`[${CHAT_STUB}]`);
  return stub && !stub.hidden ? stub : null;
}

/**
 * The help widget's button as the page draws it, hidden. A page that waits for
 * the visitor before hydrating (app/infra/html/hydrate-on-intent.server.ts)
 * shows it 2 s after load, as the spec asks, without any of the widget's
 * code; a press on it wakes the page, and the widget (chat-widget.tsx) takes
 * its place, open when it was pressed. A hydrated page never shows it: the
 * widget comes by itself (chat-widget-loader.tsx).
 */
export function ChatButtonStub() {
  const t = useMessages("shell", shell);
  const attribute = { [CHAT_STUB]: "" };
  return (
    <button type="button" {...attribute} hidden aria-label={t.chatOpen} className={`${CHAT_BUTTON_CLASS} right-4 bottom-4 size-14`}>
      <Icon name="message-circle" className="size-6" />
    </button>
  );
}
