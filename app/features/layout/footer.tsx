import { site } from "~/config/site";
import { BrandIcon } from "~/shared/ui/brand-icons";
import { Container } from "~/shared/ui/layout";
import { Logo } from "~/shared/ui/logo";
import { nav } from "~/shared/i18n/catalog/nav";
import { shell } from "~/shared/i18n/catalog/shell";
import { fill, useMessages } from "~/shared/i18n/messages";
import { useLocalize } from "~/shared/i18n/use-locale";
import { LanguageSwitch } from "./language-switch";
import { footerGroups, legalNav } from "./navigation";
import { ThemeSwitch } from "./theme-switch";

export interface FooterProps {
  /** STATUS_URL: a status page linked from the footer. */
  statusUrl: string | null;
}

export default function Footer({ statusUrl }: FooterProps) {
  const t = useMessages("shell", shell);
  const labels = useMessages("nav", nav);
  const localize = useLocalize();
  return (
    // scheme-light: drawn dark in both themes, so it keeps the light theme's tokens (app.css).
    <footer className="bg-ink-950 text-ink-300 scheme-light">
      <Container className="py-14">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 sm:grid-cols-3 lg:grid-cols-[1.4fr_repeat(3,1fr)]">
          <div className="col-span-2 sm:col-span-3 lg:col-span-1">
            <Logo tone="light" />
            <p className="mt-4 max-w-xs text-sm leading-relaxed text-ink-400">{t.description}</p>
            <ul className="mt-6 flex flex-wrap gap-2" aria-label={t.socialLinks}>
              {site.social.map((link) => (
                <li key={link.network}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={fill(t.onNetwork, { network: t.social[link.network] })}
                    className="inline-flex size-10 items-center justify-center rounded-xl bg-white/5 text-ink-300 transition-colors hover:bg-white/10 hover:text-white"
                  >
                    <BrandIcon network={link.network} className="size-[18px]" />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          {footerGroups.map((group) => (
            <nav key={group.title} aria-labelledby={`footer-${group.title}`}>
              <h2 id={`footer-${group.title}`} className="text-sm font-semibold text-white">
                {labels[group.title]}
              </h2>
              <ul className="mt-4 space-y-3 text-sm">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <a href={localize(link.to)} className="hover:text-white">
                      {labels[link.label]}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-12 flex flex-col gap-4 border-t border-white/10 pt-6 text-sm lg:flex-row lg:items-center lg:justify-between">
          <p>{t.rightsReserved}</p>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
            <ThemeSwitch />
            <LanguageSwitch className="font-medium text-white underline-offset-4 hover:underline" />
          </div>
          <ul className="flex gap-5" aria-label={t.legal}>
            {legalNav.map((link) => (
              <li key={link.to}>
                <a href={localize(link.to)} className="hover:text-white">
                  {labels[link.label]}
                </a>
              </li>
            ))}
            {statusUrl && (
              // Marked for the server, which fills in or removes it on prerendered pages (server/static-files.ts).
              <li data-status-link="">
                <a href={statusUrl} className="hover:text-white">
                  {t.status}
                </a>
              </li>
            )}
          </ul>
        </div>
      </Container>
    </footer>
  );
}
