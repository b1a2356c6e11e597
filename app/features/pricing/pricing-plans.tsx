import { useState } from "react";
import { cn } from "~/shared/lib/cn";
import { notify } from "~/shared/lib/toasts";
import { Banner } from "~/shared/ui/banner";
import { Icon } from "~/shared/ui/icon";
import { pricing } from "~/shared/i18n/catalog/pricing";
import { INTL_LOCALE } from "~/shared/i18n/locale";
import { fill, useMessages } from "~/shared/i18n/messages";
import { useLocale } from "~/shared/i18n/use-locale";
import type { Plan } from "./plans";
import { type Billing, buttonDisabled, canSelect, formatRupees, priceFor } from "./price";

/**
 * The pricing page's interactive part: the monthly/yearly toggle (monthly by
 * default), the warning banner, and the plan cards. Clicking a card selects
 * it unless it is coming soon; nothing is selected at first.
 */
export function PricingPlans({ plans }: { plans: Plan[] }) {
  const [billing, setBilling] = useState<Billing>("monthly");
  const [selected, setSelected] = useState<Plan["id"] | null>(null);
  const t = useMessages("pricing", pricing);
  const intlLocale = INTL_LOCALE[useLocale()];

  const select = (plan: Plan) => {
    if (canSelect(plan)) setSelected(plan.id);
  };

  return (
    <div>
      <fieldset className="mx-auto flex w-fit items-center gap-1 rounded-full bg-ink-100 p-1 ring-1 ring-ink-200">
        <legend className="sr-only">{t.billingPeriod}</legend>
        {(["monthly", "yearly"] as const).map((period) => (
          <label
            key={period}
            className={cn(
              "flex cursor-pointer items-center gap-2 rounded-full px-5 py-2 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500",
              billing === period ? "bg-white text-ink-950 shadow-sm" : "text-ink-600 hover:text-ink-900",
            )}
          >
            <input
              type="radio"
              name="billing"
              value={period}
              checked={billing === period}
              onChange={() => setBilling(period)}
              className="sr-only"
            />
            {period === "monthly" ? t.monthly : t.yearly}
            {period === "yearly" && (
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-800">{t.yearlySaving}</span>
            )}
          </label>
        ))}
      </fieldset>

      <Banner tone="warning" className="mx-auto mt-8 max-w-3xl">
        <strong className="font-semibold">{t.banner}</strong>
      </Banner>

      {/* Two columns, then three over two (the last row centred) until the screen is wide enough for five roomy cards. */}
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-6 2xl:grid-cols-5">
        {plans.map((plan, index) => {
          const isSelected = selected === plan.id;
          const amount = priceFor(plan, billing);
          const disabled = buttonDisabled(billing);
          return (
            <li
              key={plan.id}
              data-plan={plan.id}
              data-selected={isSelected || undefined}
              onClick={() => select(plan)}
              className={cn(
                "relative flex flex-col rounded-3xl bg-white p-6 ring-1 transition-shadow lg:col-span-2 2xl:col-span-1",
                index === 3 && "lg:col-start-2 2xl:col-start-auto",
                index === plans.length - 1 && plans.length % 2 === 1 && "sm:max-lg:col-span-2 sm:max-lg:mx-auto sm:max-lg:w-[calc(50%-0.75rem)]",
                canSelect(plan) ? "cursor-pointer" : "cursor-default",
                isSelected ? "shadow-lift ring-2 ring-brand-600" : plan.isPopular ? "shadow-lift ring-brand-300" : "shadow-card ring-ink-200/70",
              )}
            >
              {plan.isPopular && (
                <p className="absolute -top-3 left-1/2 -translate-x-1/2 scheme-light rounded-full bg-brand-600 px-3 py-1 text-xs font-bold whitespace-nowrap text-white shadow-sm">
                  {t.popular}
                </p>
              )}
              <div className="flex items-center gap-3">
                <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon name={plan.icon} />
                </span>
                <h2 className="text-xl font-bold">{plan.name}</h2>
              </div>
              {/* Two lines kept for every description, so the prices line up across a row. */}
              <p className="mt-3 min-h-10 text-sm text-ink-600">{plan.highlightFeature}</p>
              <p className="mt-5 flex items-baseline gap-1 whitespace-nowrap">
                <span className="text-4xl font-extrabold tracking-tight text-ink-950" data-testid="price">
                  {formatRupees(amount, intlLocale)}
                </span>
                <span className="text-sm font-medium text-ink-600">/{billing === "yearly" ? t.perYear : t.perMonth}</span>
              </p>
              {billing === "yearly" && amount > 0 ? (
                <p className="mt-1 text-xs font-semibold text-emerald-700">{t.yearlySaving}</p>
              ) : (
                <p className="mt-1 text-xs text-transparent select-none" aria-hidden="true">
                  –
                </p>
              )}
              <ul className="mt-6 flex-1 space-y-2.5 text-sm text-ink-700">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Icon name="check" className="mt-0.5 size-4 text-brand-600" />
                    {feature}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                disabled={disabled}
                onClick={(event) => {
                  event.stopPropagation();
                  notify.message(fill(t.comingSoonToast, { plan: plan.name }), {
                    id: "plan-coming-soon",
                  });
                }}
                className={cn(
                  "mt-8 inline-flex h-11 items-center justify-center rounded-xl text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
                  // Disabled (yearly): flat grey for every plan, the popular one included, so none looks pressable.
                  "disabled:cursor-not-allowed disabled:bg-ink-100 disabled:text-ink-500 disabled:shadow-none disabled:ring-1 disabled:ring-inset disabled:ring-ink-200",
                  plan.variant === "primary"
                    ? "scheme-light bg-brand-600 text-white shadow-sm hover:bg-brand-700"
                    : "bg-white text-ink-900 ring-1 ring-inset ring-ink-300 hover:bg-ink-50",
                )}
              >
                {plan.buttonText}
              </button>
            </li>
          );
        })}
      </ul>
      <p className="mt-8 text-center text-sm text-ink-600">{t.allPricesInr}</p>
    </div>
  );
}
