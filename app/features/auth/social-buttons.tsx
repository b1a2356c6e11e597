import { cn } from "~/shared/lib/cn";
import { BrandIcon } from "~/shared/ui/brand-icons";
import type { ProviderId } from "./messages";
import type { auth } from "~/shared/i18n/catalog/auth";
import { fill } from "~/shared/i18n/messages";

const PROVIDERS: { id: ProviderId; label: string }[] = [
  { id: "google", label: "Google" },
  { id: "github", label: "GitHub" },
];

interface SocialButtonsProps {
  /** The buttons to show and whether each is configured; a provider missing here is not shown. */
  providers: Partial<Record<ProviderId, boolean>>;
  /** The page's words ("Continue with …"). */
  t: typeof auth;
}

/**
 * "Continue with Google / GitHub": each button posts its form (name
 * "provider"), which the page script sends into the spec's popup where it
 * can (auth-page.ts). A provider the server has no credentials for looks
 * unavailable and says so on the button itself (contract: unset means the
 * button says clearly that it is not configured); pressing it explains
 * instead of failing. The route passes such a provider only on a loopback
 * APP_URL, where the visitor is the operator; a public site leaves it out
 * (issue 22).
 */
export function SocialButtons({ providers, t }: SocialButtonsProps) {
  return (
    <div className="grid gap-3">
      {PROVIDERS.filter((p) => providers[p.id] !== undefined).map((p) => {
        const configured = providers[p.id];
        return (
          <button
            key={p.id}
            type="submit"
            name="provider"
            value={p.id}
            data-configured={configured ? "" : undefined}
            data-provider-name={p.label}
            aria-describedby={configured ? undefined : `${p.id}-not-configured`}
            className={cn(
              "flex h-12 w-full items-center justify-center gap-3 rounded-xl px-4 text-sm font-semibold ring-1 ring-inset transition-colors disabled:opacity-60",
              configured ? "bg-white text-ink-900 ring-ink-300 hover:bg-ink-50" : "cursor-not-allowed bg-ink-50 text-ink-600 ring-ink-200 [&_svg]:grayscale",
            )}
          >
            <BrandIcon network={p.id} />
            <span className="flex flex-col items-start leading-tight">
              <span>{fill(t.views.continueWith, { provider: p.label })}</span>
              {!configured && (
                <span id={`${p.id}-not-configured`} className="text-xs font-normal text-ink-600">
                  {t.views.notConfiguredHere}
                </span>
              )}
            </span>
          </button>
        );
      })}
    </div>
  );
}
