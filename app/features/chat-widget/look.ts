/** The help button's look, shared by the widget and the stub the page draws before it (chat-button-stub.tsx). */
// Under the header (z-40), menus and dialogs (z-50): an overlay always covers it.
export const CHAT_BUTTON_CLASS =
  "scheme-light fixed z-30 inline-flex animate-pop-in cursor-grab items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-brand-800 text-white shadow-lift ring-4 ring-white/70 select-none hover:from-brand-600 active:cursor-grabbing";
