import { legal } from "~/shared/i18n/catalog/legal";
import { useMessages } from "~/shared/i18n/messages";

/** On a translated legal page: the translation is for convenience, the English version governs. Nothing in English. */
export function GoverningNote() {
  const t = useMessages("legal", legal);
  if (!t.governs) return null;
  return <p className="mx-auto mb-10 max-w-3xl rounded-2xl bg-brand-50 px-5 py-4 text-[15px] text-ink-800 ring-1 ring-brand-100">{t.governs}</p>;
}
