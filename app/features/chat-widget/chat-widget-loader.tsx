import { lazy, Suspense, useEffect, useState } from "react";
import { MessagesScope } from "~/shared/i18n/messages";
import { useLocale } from "~/shared/i18n/use-locale";
import { shownChatStub } from "./chat-button-stub";
import { CHAT_BUTTON_DELAY_MS } from "./delay";

const ChatWidget = lazy(() => import("./chat-widget"));

/**
 * On a Hindi page the widget's words come with its code, not with the page's
 * data (shared/i18n/messages.ts): fetched beside it, 2 s after the page.
 */
const ChatWidgetInHindi = lazy(() =>
  Promise.all([import("./chat-widget"), import("~/shared/i18n/hi/chat")]).then(([widget, words]) => ({
    default: function ChatWidgetHindi() {
      return (
        <MessagesScope value={{ chat: words.chat }}>
          <widget.default />
        </MessagesScope>
      );
    },
  })),
);

/**
 * Shows the help widget 2 s after the page loads. Its code is fetched only
 * then, so it is not part of any page's initial JavaScript. On a page hydrated
 * after its stub was shown (it waited for the visitor: chat-button-stub.tsx),
 * at once.
 */
export function ChatWidgetLoader() {
  const locale = useLocale();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), shownChatStub() ? 0 : CHAT_BUTTON_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!ready) return null;
  const Widget = locale === "hi" ? ChatWidgetInHindi : ChatWidget;
  return (
    <Suspense fallback={null}>
      <Widget />
    </Suspense>
  );
}
