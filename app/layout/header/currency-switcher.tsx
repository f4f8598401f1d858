import { useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { writeBrowserCookie } from "#app/lib/browser-cookies.ts";
import { CLIENT_COOKIES } from "#app/lib/consent.ts";
import { Dropdown } from "#app/ui/dropdown.tsx";
import { FOCUS_ON_DARK, FOCUS_ON_LIGHT } from "#app/ui/focus-and-avatar.ts";
import { CheckIcon, ChevronDownIcon } from "#app/ui/icons.tsx";
import { useShellData } from "#app/ui/live-counts.ts";
import { selectCurrency } from "#core/money/money.ts";

export const CURRENCY_COOKIE = CLIENT_COOKIES.currencyId.name;

/**
 * Stores the choice the way the server reads it (docs/product/screens.md, "Client state": cookie
 * currencyId), for a year. Secure whenever the page is served over https, as in production, where
 * the session cookie is Secure too; plain http (local development) could not store a Secure cookie
 * at all.
 */
export function storeCurrencyChoice(id: number) {
  writeBrowserCookie({ ...CLIENT_COOKIES.currencyId, value: String(id) });
}

/** The currency picker: lists the currencies, marks the selected one, re-renders prices on change. */
export function CurrencySwitcher({ variant }: { variant: "bar" | "menu" }) {
  const { t } = useTranslation();
  const shell = useShellData();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const currencies = shell?.currencies ?? [];
  const serverId = shell?.currencyId ?? null;
  // Shown at once; once the loader answers with a new value, the loader's value is the truth again.
  const [chosen, setChosen] = useState<{ id: number; before: number | null } | null>(null);
  const pending = chosen && chosen.before === serverId ? chosen.id : null;
  const selected = selectCurrency(currencies, pending ?? serverId);
  if (currencies.length < 2 || !selected) return null;
  const bar = variant === "bar";

  const choose = (id: number) => {
    setOpen(false);
    if (id === selected.id) return;
    storeCurrencyChoice(id);
    setChosen({ id, before: serverId });
    void revalidator.revalidate();
  };

  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      arrowKeys
      data-testid={`currency-switcher-${variant}`}
      panelClassName={`absolute z-50 mt-2 min-w-44 rounded-lg bg-white p-1.5 text-ink shadow-xl ring-1 ring-ink/10 ${
        bar ? "right-0 top-full" : "bottom-full left-0 mb-2"
      }`}
      trigger={(props) => (
        <button
          {...props}
          className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-[0.8rem] font-semibold tracking-wide transition-colors ${
            bar
              ? `text-white/90 hover:bg-white/10 hover:text-white ${FOCUS_ON_DARK}`
              : `border border-line bg-white text-ink hover:border-primary-dark ${FOCUS_ON_LIGHT}`
          }`}
        >
          <span className="sr-only">{t("header.currency")}: </span>
          <span>{selected.code}</span>
          <ChevronDownIcon className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
        </button>
      )}
    >
      <p className="px-3 pt-1.5 pb-1 text-[0.7rem] font-semibold tracking-[0.14em] text-muted uppercase">
        {t("header.currency")}
      </p>
      <ul>
        {currencies.map((currency) => {
          const isSelected = currency.id === selected.id;
          const symbol = (currency.symbol_before ?? currency.symbol_after ?? "").trim();
          return (
            <li key={currency.id}>
              <button
                type="button"
                aria-pressed={isSelected}
                onClick={() => choose(currency.id)}
                className={`flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-[0.9rem] hover:bg-primary-dark/5 ${FOCUS_ON_LIGHT} ${
                  isSelected ? "font-semibold text-primary-dark" : ""
                }`}
                data-currency={currency.code}
              >
                <span className="inline-flex w-7 justify-center text-muted">{symbol}</span>
                <span className="flex-1">{currency.code}</span>
                {isSelected ? <CheckIcon className="size-4 text-secondary" /> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </Dropdown>
  );
}
