import { Form, Link, useLocation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { BottlingView } from "#core/contracts/bottlings.ts";
import { localePath } from "#core/i18n/paths.ts";
import { bottlingPath } from "./bottling-parts.tsx";

/**
 * The account's watched bottlings (issue 37, item 6), beside the watched products: each links to
 * its page and may be let go (the bottling page's action, which brings the user back here).
 */
export function WatchedBottlings({ items }: { items: BottlingView[] }) {
  const { t, locale } = useTranslation();
  const { pathname } = useLocation();
  return (
    <section aria-labelledby="watched-bottlings" className="mt-10" data-testid="watched-bottlings">
      <h2 id="watched-bottlings" className="font-serif text-2xl text-primary-dark">
        {t("bottlings.watch.accountTitle")}
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-muted">
          {t("bottlings.watch.accountEmpty")}{" "}
          <Link to={localePath("bottlings", locale)} className="text-primary-dark underline">
            {t("bottlings.title")}
          </Link>
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {items.map((bottling) => (
            <li
              key={bottling.id}
              className="flex flex-col gap-2 rounded-xl bg-white p-4 ring-1 ring-line tablet:flex-row tablet:items-center tablet:justify-between"
            >
              <div>
                {bottling.brandName ? (
                  <p className="text-xs text-muted uppercase">{bottling.brandName}</p>
                ) : null}
                <Link
                  to={bottlingPath(locale, bottling)}
                  className="font-semibold text-primary-dark hover:underline"
                >
                  {bottling.name}
                </Link>
                <p className="text-sm text-muted">
                  {t("bottlings.listings", { count: bottling.listingCount })}
                </p>
              </div>
              <Form method="post" action={bottlingPath(locale, bottling)}>
                <input type="hidden" name="back" value={pathname} />
                <button
                  type="submit"
                  name="intent"
                  value="unwatch"
                  className="min-h-10 rounded-lg border border-line px-3 text-sm font-semibold text-primary-dark hover:bg-light"
                >
                  {t("bottlings.watch.remove")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
