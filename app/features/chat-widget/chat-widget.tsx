import { useLocation } from "react-router";
import { site } from "~/config/site";
import { starterSetOf } from "~/features/help";
import { chat } from "~/shared/i18n/catalog/chat";
import { shell } from "~/shared/i18n/catalog/shell";
import { useMessages } from "~/shared/i18n/messages";
import { useLocalize } from "~/shared/i18n/use-locale";
import { Icon } from "~/shared/ui/icon";
import { CHAT_BUTTON_SIZE } from "./position";

export const CHAT_PANEL_ID = "chat-panel";
/** Where the button's spot is remembered (localStorage). */
export const CHAT_POSITION_KEY = `${site.slug}.chatWidget.position`;

/**
 * The floating help button and its panel (spec section 2), as markup that
 * works by itself: the button opens the panel as a native popover, which the
 * browser closes on a press outside it and on Escape, before and without any
 * script. chat-button.ts (run by the page script on every page) adds the rest:
 * it shows the button 2 s after load once it can be dragged, drags it with a
 * mouse or a finger, moves it with the arrow keys, remembers where it was
 * left, and places the panel beside it. Without scripts it appears at 2 s
 * (app.css) where it stands by default.
 */
export function ChatWidget() {
  const t = { ...useMessages("chat", chat), open: useMessages("shell", shell).chatOpen };
  const localize = useLocalize();
  const starters = t.starters[starterSetOf(useLocation().pathname)];
  const helpPath = localize("/help");
  const { messagingAssistant, socialAssistant, supportPage } = site.chatWidget;
  const linkClass =
    "flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-ink-900 ring-1 ring-ink-200 hover:bg-brand-50 hover:ring-brand-200";
  return (
    <>
      <button
        type="button"
        data-chat-button=""
        data-position-key={CHAT_POSITION_KEY}
        data-testid="chat-button"
        popoverTarget={CHAT_PANEL_ID}
        aria-label={t.open}
        aria-describedby="chat-move-hint"
        style={{ width: CHAT_BUTTON_SIZE, height: CHAT_BUTTON_SIZE, touchAction: "none" }}
        // Under the header (z-40), menus and dialogs (z-50): an overlay always covers it.
        className="scheme-light fixed right-4 bottom-4 z-30 inline-flex data-ready:animate-pop-in cursor-grab items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-brand-800 text-white shadow-lift ring-4 ring-white/70 select-none hover:from-brand-600 active:cursor-grabbing"
      >
        <Icon name="message-circle" className="chat-icon-closed size-6" />
        <Icon name="x" className="chat-icon-open size-6" />
      </button>
      <span id="chat-move-hint" hidden>
        {t.moveHint}
      </span>
      <div
        id={CHAT_PANEL_ID}
        popover="auto"
        role="dialog"
        aria-labelledby="chat-title"
        tabIndex={-1}
        data-testid="chat-panel"
        className="chat-panel w-[min(22rem,calc(100vw-1rem))] overflow-hidden rounded-3xl bg-white shadow-lift ring-1 ring-ink-200 outline-none"
      >
        <div className="scheme-light flex items-center justify-between gap-3 bg-gradient-to-r from-brand-700 to-brand-900 px-5 py-4 text-white">
          <div className="flex items-center gap-3">
            <span className="inline-flex size-9 items-center justify-center rounded-xl bg-white/15">
              <Icon name="sparkles" className="size-5" />
            </span>
            <h2 id="chat-title" className="text-base font-semibold text-white">
              {t.open}
            </h2>
          </div>
          <button
            type="button"
            popoverTarget={CHAT_PANEL_ID}
            popoverTargetAction="hide"
            className="rounded-lg p-1.5 text-white/80 hover:bg-white/10 hover:text-white"
            aria-label={t.closeShort}
          >
            <Icon name="x" className="size-4" />
          </button>
        </div>
        <div className="max-h-[min(34rem,calc(100dvh-8rem))] space-y-4 overflow-y-auto px-5 py-5">
          {/* Ask Tuesday (issue 41): a form that works by itself (GET /help), answered in the panel once the page script runs (features/help/help-panel.ts). */}
          <form method="get" action={helpPath} role="search" data-help-form="" className="space-y-2">
            <label htmlFor="help-q" className="block text-sm font-semibold text-ink-900">
              {t.askTitle}
            </label>
            <div className="flex gap-2">
              <input
                id="help-q"
                name="q"
                type="search"
                required
                maxLength={500}
                autoComplete="off"
                placeholder={t.askPlaceholder}
                aria-describedby="help-hint"
                className="min-w-0 flex-1 rounded-xl border-0 bg-white px-3 py-2.5 text-sm text-ink-950 ring-1 ring-ink-300 placeholder:text-ink-500 focus:ring-2 focus:ring-brand-600"
              />
              <button type="submit" className="rounded-xl bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
                {t.askSubmit}
              </button>
            </div>
            <p id="help-hint" className="text-xs text-ink-600">
              {t.askHint}
            </p>
          </form>
          {/* Filled by the page script; React leaves innerHTML it set itself alone on hydration. */}
          <div
            data-help-answer=""
            aria-live="polite"
            data-words={JSON.stringify({
              answerLabel: t.answerLabel,
              sources: t.sources,
              followUps: t.followUps,
              writeToTeam: t.writeToTeam,
              supportPage: t.supportPage,
              supportHref: localize(supportPage.href),
              helpful: t.helpful,
              notHelpful: t.notHelpful,
              thanks: t.thanks,
              asking: t.asking,
              failed: t.askFailed,
              empty: t.empty,
              tooLong: t.tooLong,
              rateLimited: t.rateLimited,
            })}
            dangerouslySetInnerHTML={{ __html: "" }}
          />
          <ul className="flex flex-wrap gap-1.5" aria-label={t.followUps} data-help-starters="">
            {starters.map((starter) => (
              <li key={starter}>
                <a
                  href={`${helpPath}?q=${encodeURIComponent(starter)}`}
                  data-help-question={starter}
                  className="inline-block rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
                >
                  {starter}
                </a>
              </li>
            ))}
          </ul>
          <p className="text-lg font-semibold text-ink-950">{t.comingSoon}</p>
          <ul className="space-y-2">
            {[
              { href: messagingAssistant.href, label: t.messagingAssistant, icon: "message-circle" as const },
              { href: socialAssistant.href, label: t.socialAssistant, icon: "send" as const },
            ].map((item) => (
              <li key={item.href}>
                <a href={item.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  <Icon name={item.icon} className="size-4 text-brand-700" />
                  <span className="flex-1">{item.label}</span>
                  <Icon name="external-link" className="size-3.5 text-ink-500" />
                  <span className="sr-only">{t.opensInNewTab}</span>
                </a>
              </li>
            ))}
            <li>
              <a href={localize(supportPage.href)} className={linkClass}>
                <Icon name="mail" className="size-4 text-brand-700" />
                <span className="flex-1">{t.supportPage}</span>
                <Icon name="arrow-right" className="size-3.5 text-ink-500" />
              </a>
            </li>
          </ul>
          <p className="rounded-xl bg-ink-50 px-3 py-2.5 text-xs leading-relaxed text-ink-600">{t.disclaimer}</p>
        </div>
      </div>
    </>
  );
}
