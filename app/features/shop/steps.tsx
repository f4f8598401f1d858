import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { CheckoutStep } from "#core/contracts/shop.ts";
import { localePath } from "#core/i18n/paths.ts";

const STEPS: { step: CheckoutStep; page: "cart" | "cartDelivery" | "cartDetails" | "cartReview" }[] = [
  { step: "cart", page: "cart" },
  { step: "delivery", page: "cartDelivery" },
  { step: "details", page: "cartDetails" },
  { step: "review", page: "cartReview" },
];

/**
 * The checkout's steps (Košík → Doprava a platba → Údaje → Rekapitulace): the current one marked
 * for screen readers too (aria-current), the ones before it links back, the ones after it plain.
 * On a phone the names of the other steps give way to their numbers.
 */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const { t, locale } = useTranslation();
  const index = STEPS.findIndex((entry) => entry.step === current);
  return (
    <nav aria-label={t("shop.steps.label")} data-testid="checkout-steps">
      <ol className="flex items-center gap-1 text-sm tablet:gap-2">
        {STEPS.map((entry, i) => {
          const done = i < index;
          const here = i === index;
          const badge = (
            <span
              aria-hidden="true"
              className={`inline-flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                here
                  ? "bg-primary-dark text-white"
                  : done
                    ? "bg-success text-white"
                    : "bg-white text-muted ring-1 ring-line"
              }`}
            >
              {done ? "✓" : i + 1}
            </span>
          );
          const label = (
            <span className={here ? "font-semibold text-ink" : "text-muted mobile:sr-only"}>
              {t(`shop.steps.${entry.step}`)}
              {done ? <span className="sr-only"> ({t("shop.steps.done")})</span> : null}
            </span>
          );
          return (
            <li key={entry.step} className="flex min-w-0 items-center gap-1 tablet:gap-2">
              {i > 0 ? <span aria-hidden="true" className="h-px w-3 shrink-0 bg-line tablet:w-8" /> : null}
              {done ? (
                <Link
                  to={localePath(entry.page, locale)}
                  className="flex min-h-11 items-center gap-2 rounded underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary-dark"
                >
                  {badge}
                  {label}
                </Link>
              ) : (
                <span
                  className="flex min-h-11 items-center gap-2"
                  aria-current={here ? "step" : undefined}
                  data-current={here ? "true" : undefined}
                >
                  {badge}
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
