import { lazy, Suspense, useEffect, useState } from "react";

/** The spec's delay before the floating help button appears. */
export const CHAT_BUTTON_DELAY_MS = 2000;

const ChatWidget = lazy(() => import("./chat-widget"));

/**
 * Shows the help widget 2 s after the page loads. Its code is fetched only
 * then, so it is not part of any page's initial JavaScript.
 */
export function ChatWidgetLoader() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), CHAT_BUTTON_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}
