import { lazy, Suspense, useEffect, useState } from "react";
import type * as HotToast from "react-hot-toast";
import type { ToastOptions } from "react-hot-toast";
import { whenIdle } from "./when-idle";

/**
 * The spec's toast model (section 4): success 2 s; error, blank and custom 4 s;
 * loading until replaced; removed 1 s after dismissal; paused on hover; at most
 * 20 kept. react-hot-toast's defaults are exactly these; they are spelled out
 * here so the numbers are visible and tested.
 *
 * react-hot-toast itself loads after the page is interactive (or on the first
 * toast), so it costs nothing in the initial JavaScript. Call `notify.*`, never
 * the library directly.
 */
export const TOAST_DURATIONS = {
  success: 2000,
  error: 4000,
  blank: 4000,
  custom: 4000,
  loading: Number.POSITIVE_INFINITY,
} as const;
export const TOAST_REMOVE_DELAY_MS = 1000;
export const TOAST_LIMIT = 20;

type ToastLibrary = typeof HotToast;
let library: Promise<ToastLibrary> | undefined;
const listeners = new Set<() => void>();

function load(): Promise<ToastLibrary> {
  if (!library) {
    library = import("react-hot-toast");
    for (const wake of listeners) wake();
  }
  return library;
}

function show(kind: "blank" | "success" | "error" | "loading", message: string, options?: ToastOptions): void {
  void load().then(({ toast }) => {
    if (kind === "blank") toast(message, options);
    else toast[kind](message, options);
  });
}

export const notify = {
  message: (message: string, options?: ToastOptions) => show("blank", message, options),
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  /** Pass an `id` and reuse it in the success or error toast that replaces this one. */
  loading: (message: string, options: ToastOptions & { id: string }) => show("loading", message, options),
  dismiss: (id?: string) => void load().then(({ toast }) => toast.dismiss(id)),
};

const Toaster = lazy(async () => {
  const { Toaster } = await load();
  return {
    default: () => (
      <Toaster
        position="top-center"
        toastOptions={{
          removeDelay: TOAST_REMOVE_DELAY_MS,
          blank: { duration: TOAST_DURATIONS.blank },
          custom: { duration: TOAST_DURATIONS.custom },
          success: { duration: TOAST_DURATIONS.success },
          error: { duration: TOAST_DURATIONS.error },
          loading: { duration: TOAST_DURATIONS.loading },
          // !bg-white: the library paints #fff inline; the token follows the theme (dark mode, ADR 0026).
          className: "!rounded-xl !bg-white !text-sm !font-medium !text-ink-900 !shadow-lift !ring-1 !ring-ink-200",
        }}
      />
    ),
  };
});

/** Mounts the toaster once the browser is idle, or at once when a toast is shown. */
export function AppToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const mount = () => setMounted(true);
    listeners.add(mount);
    if (library) mount();
    const cancel = whenIdle(mount);
    return () => {
      listeners.delete(mount);
      cancel();
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
