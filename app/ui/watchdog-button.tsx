import { Link, useFetcher, useLocation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { localePath } from "#core/i18n/paths.ts";
import { BellIcon } from "./icons.tsx";
import { useShellData } from "./live-counts.ts";

export type WatchdogTarget =
  | { kind: "product"; productId: number }
  | { kind: "category"; categoryId: number }
  | { kind: "search"; query: string };

export type WatchdogActionData = { ok: boolean; message: string; created?: boolean };

/**
 * "Watch this": sets a stock watchdog (a sold-out product back in stock, new items in a category or
 * for a search) through the watchdog page's action, without leaving the page. A guest is asked to
 * log in first (docs/product/messages-and-reviews.md, "Watchdogs (hlídací pes)") and comes back
 * here; without scripts the form opens the watchdog page.
 */
export function WatchdogButton({ target, className = "" }: { target: WatchdogTarget; className?: string }) {
  const { t, locale } = useTranslation();
  const { pathname, search } = useLocation();
  const user = useShellData()?.user ?? null;
  const fetcher = useFetcher<WatchdogActionData>();
  const label = t(`watchdog.button.${target.kind}`);
  const style = `inline-flex min-h-10 items-center gap-2 rounded-full border border-primary-dark/30 bg-white px-4 text-sm font-semibold text-primary-dark transition-colors hover:border-primary-dark hover:bg-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark ${className}`;
  if (!user)
    return (
      <Link
        to={`${localePath("account", locale)}?redirect=${encodeURIComponent(pathname + search)}`}
        className={style}
        data-testid="watchdog-login"
      >
        <BellIcon className="size-4" />
        {t("watchdog.button.login")}
      </Link>
    );
  if (fetcher.data?.ok)
    return (
      <p
        className={`inline-flex flex-wrap items-center gap-x-2 text-sm ${className}`}
        role="status"
        data-testid="watchdog-set"
      >
        <span className="font-semibold text-[#1f5c44]">✓ {fetcher.data.message}</span>
        <Link
          to={localePath("accountWatchdogs", locale)}
          className="text-primary-dark underline underline-offset-2"
        >
          {t("watchdog.button.manage")}
        </Link>
      </p>
    );
  return (
    <fetcher.Form
      method="post"
      action={localePath("accountWatchdogs", locale)}
      className="inline-flex flex-col gap-1"
    >
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="kind" value={target.kind} />
      {target.kind === "product" ? <input type="hidden" name="productId" value={target.productId} /> : null}
      {target.kind === "category" ? (
        <input type="hidden" name="categoryId" value={target.categoryId} />
      ) : null}
      {target.kind === "search" ? <input type="hidden" name="query" value={target.query} /> : null}
      <input type="hidden" name="delivery" value="immediate" />
      <button
        type="submit"
        className={style}
        disabled={fetcher.state !== "idle"}
        data-testid="watchdog-button"
      >
        <BellIcon className="size-4" />
        {label}
      </button>
      {fetcher.data && !fetcher.data.ok ? (
        <span role="alert" className="text-sm text-danger">
          {fetcher.data.message}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
