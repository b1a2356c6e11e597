import { cn } from "~/shared/lib/cn";
import { Banner } from "~/shared/ui/banner";
import { Icon } from "~/shared/ui/icon";
import { pricing } from "~/shared/i18n/catalog/pricing";
import { INTL_LOCALE } from "~/shared/i18n/locale";
import { fill, useMessages } from "~/shared/i18n/messages";
import { useLocale } from "~/shared/i18n/use-locale";
import type { Plan } from "./plans";
import { type Billing, buttonDisabled, canSelect, formatRupees, priceFor } from "./price";

const PERIODS = ["monthly", "yearly"] as const satisfies readonly Billing[];

/**
 * The pricing page's interactive part, with no script at all (issue 39): the
 * monthly/yearly switch is a radio group, and CSS shows the prices, suffixes
 * and buttons of the checked period (`[data-billing-view]` in app.css), so a
 * press counts from the first paint, with or without JavaScript. A card is a
 * radio too: a plan that is not coming soon can be selected (its ring), a
 * coming-soon one cannot; none is selected at first. A monthly plan's button
 * opens a note that the plan is coming soon (a popover: no script either); in
 * yearly every button is disabled.
 */
export function PricingPlans({ plans }: { plans: Plan[] }) {
  const t = useMessages("pricing", pricing);
  const intlLocale = INTL_LOCALE[useLocale()];

  return (
    <div data-billing-view="">
      <fieldset className="mx-auto flex w-fit items-center gap-1 rounded-full bg-ink-100 p-1 ring-1 ring-ink-200">
        <legend className="sr-only">{t.billingPeriod}</legend>
        {PERIODS.map((period) => (
          <label
            key={period}
            className={cn(
              "flex cursor-pointer items-center gap-2 rounded-full px-5 py-2 text-sm font-semibold text-ink-600 transition-colors hover:text-ink-900",
              "has-[:checked]:bg-white has-[:checked]:text-ink-950 has-[:checked]:shadow-sm",
              "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500",
            )}
          >
            <input type="radio" name="billing" value={period} defaultChecked={period === "monthly"} className="sr-only" />
            {period === "monthly" ? t.monthly : t.yearly}
            {period === "yearly" && <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-800">{t.yearlySaving}</span>}
          </label>
        ))}
      </fieldset>

      <Banner tone="warning" className="mx-auto mt-8 max-w-3xl">
        <strong className="font-semibold">{t.banner}</strong>
      </Banner>

      {/* Two columns, then three over two (the last row centred) until the screen is wide enough for five roomy cards. */}
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-6 2xl:grid-cols-5">
        {plans.map((plan, index) => (
          <li
            key={plan.id}
            id={`plan-${plan.id}`}
            data-plan={plan.id}
            className={cn(
              "relative flex flex-col rounded-3xl bg-white p-6 ring-1 transition-shadow lg:col-span-2 2xl:col-span-1",
              "has-[input[name=plan]:checked]:shadow-lift has-[input[name=plan]:checked]:ring-2 has-[input[name=plan]:checked]:ring-brand-600",
              index === 3 && "lg:col-start-2 2xl:col-start-auto",
              index === plans.length - 1 && plans.length % 2 === 1 && "sm:max-lg:col-span-2 sm:max-lg:mx-auto sm:max-lg:w-[calc(50%-0.75rem)]",
              plan.isPopular ? "shadow-lift ring-brand-300" : "shadow-card ring-ink-200/70",
            )}
          >
            {/* The card's own press selects it (a label around the whole card); a coming-soon plan's radio is disabled. */}
            <label className={cn("absolute inset-0 rounded-3xl", canSelect(plan) ? "cursor-pointer" : "cursor-default")}>
              <input type="radio" name="plan" value={plan.id} disabled={!canSelect(plan)} className="sr-only" aria-label={plan.name} />
            </label>
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
            {PERIODS.map((period) => {
              const amount = priceFor(plan, period);
              return (
                <div key={period} data-when={period}>
                  <p className="mt-5 flex items-baseline gap-1 whitespace-nowrap">
                    <span className="text-4xl font-extrabold tracking-tight text-ink-950" data-testid="price">
                      {formatRupees(amount, intlLocale)}
                    </span>
                    <span className="text-sm font-medium text-ink-600">/{period === "yearly" ? t.perYear : t.perMonth}</span>
                  </p>
                  {period === "yearly" && amount > 0 ? (
                    <p className="mt-1 text-xs font-semibold text-emerald-700">{t.yearlySaving}</p>
                  ) : (
                    <p className="mt-1 text-xs text-transparent select-none" aria-hidden="true">
                      –
                    </p>
                  )}
                </div>
              );
            })}
            <ul className="mt-6 flex-1 space-y-2.5 text-sm text-ink-700">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Icon name="check" className="mt-0.5 size-4 text-brand-600" />
                  {feature}
                </li>
              ))}
            </ul>
            {PERIODS.map((period) => (
              <PlanButton key={period} plan={plan} period={period} note={fill(t.comingSoonToast, { plan: plan.name })} />
            ))}
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-sm text-ink-600">{t.allPricesInr}</p>
    </div>
  );
}

/** A plan's button in one period: in monthly it opens the plan's coming-soon note; in yearly it is disabled (spec section 9). */
function PlanButton({ plan, period, note }: { plan: Plan; period: Billing; note: string }) {
  const disabled = buttonDisabled(period);
  const noteId = `plan-note-${plan.id}`;
  return (
    // No display utility here: the billing switch hides the other period's button with `display: none`
    // (app.css, in the components layer), which a utility such as `grid` would override.
    <div data-when={period} className="relative z-10 mt-8">
      <button
        type="button"
        disabled={disabled}
        popoverTarget={disabled ? undefined : noteId}
        className={cn(
          "relative inline-flex h-11 w-full items-center justify-center rounded-xl text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
          // Disabled (yearly): flat grey for every plan, the popular one included, so none looks pressable.
          "disabled:cursor-not-allowed disabled:bg-ink-100 disabled:text-ink-500 disabled:shadow-none disabled:ring-1 disabled:ring-inset disabled:ring-ink-200",
          plan.variant === "primary"
            ? "scheme-light bg-brand-600 text-white shadow-sm hover:bg-brand-700"
            : "bg-white text-ink-900 ring-1 ring-inset ring-ink-300 hover:bg-ink-50",
        )}
      >
        {plan.buttonText}
      </button>
      {!disabled && (
        <p
          id={noteId}
          popover="auto"
          role="status"
          className="m-auto w-[min(22rem,calc(100vw-2rem))] rounded-2xl bg-ink-950 px-5 py-4 text-sm text-white shadow-lift backdrop:bg-transparent"
        >
          {note}
        </p>
      )}
    </div>
  );
}
