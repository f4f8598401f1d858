import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { CLIENT_COOKIES, HIDDEN } from "#app/lib/consent.ts";
import { useAgeConfirmed } from "../features/consent/age-gate-store.ts";
import { useConsentBarPending } from "../features/consent/consent-bar-store.ts";
import { writeBrowserCookie } from "../lib/browser-cookies.ts";
import { BannerLink, bannerImageUrl } from "../ui/banner-link.tsx";
import { createStore } from "../ui/feedback/external-store.ts";
import { CloseIcon } from "../ui/feedback/icons.tsx";
import { useShell } from "../ui/feedback/use-shell.ts";

/** It hides itself this long after the overlays are answered (docs/product/screens.md, "Client state"). */
export const TOP_BANNER_HIDE_AFTER_MS = 30_000;

/** Hidden in this page session (the shell's cookie copy is only refreshed on the next load). */
const hiddenStore = createStore(false);

function hideTopBanner() {
  writeBrowserCookie({
    name: CLIENT_COOKIES.topBanner.name,
    value: HIDDEN,
    maxAgeSeconds: CLIENT_COOKIES.topBanner.maxAgeSeconds,
  });
  hiddenStore.set(true);
}

/**
 * The top promo banner (docs/product/screens.md, "Client state"): the first banner.promo banner
 * above the header. Not shown when the top-banner cookie says hidden; it hides itself 30 s after
 * the age question and the cookie bar are answered, or when closed, and then stores
 * top-banner=hidden for a day.
 */
export function TopPromoBanner() {
  const { t } = useTranslation();
  const shell = useShell();
  const hidden = useSyncExternalStore(hiddenStore.subscribe, hiddenStore.get, () => false);
  const banner = shell?.banners["banner.promo"]?.[0] ?? null;
  const shown = Boolean(banner) && !hidden && shell?.cookies[CLIENT_COOKIES.topBanner.name] !== HIDDEN;

  // The 30 s count starts once the age question and the cookie bar are answered: before that
  // the banner sits behind them and nobody could have seen it.
  const ageConfirmed = useAgeConfirmed();
  const consentPending = useConsentBarPending();
  const answered = ageConfirmed === true && !consentPending;
  useEffect(() => {
    if (!shown || !answered) return;
    const timer = setTimeout(hideTopBanner, TOP_BANNER_HIDE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [shown, answered]);

  if (!shown || !banner) return null;

  return (
    <aside
      aria-label={t("footer.promo.label")}
      data-testid="top-promo-banner"
      className="relative isolate overflow-hidden bg-ink"
    >
      {/* Wider screens: the picture's own colours, blurred, fill the band beside it. */}
      <img
        src={bannerImageUrl(banner)}
        alt=""
        aria-hidden="true"
        className="absolute inset-0 -z-10 hidden size-full scale-125 object-cover opacity-70 blur-2xl tablet:block"
      />
      <BannerLink
        url={banner.url}
        className="block focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-secondary"
      >
        <img
          src={bannerImageUrl(banner)}
          alt={banner.title}
          width={1200}
          height={200}
          className="mx-auto block h-auto w-full max-w-[1200px] tablet:max-h-[110px] tablet:w-auto"
        />
      </BannerLink>
      <button
        type="button"
        onClick={hideTopBanner}
        aria-label={t("footer.promo.close")}
        data-testid="top-promo-banner-close"
        className="absolute top-1/2 right-2 grid size-9 -translate-y-1/2 place-items-center rounded-full bg-ink/55 text-white ring-1 ring-white/25 transition hover:bg-ink/80 focus-visible:outline-2 focus-visible:outline-secondary tablet:right-4"
      >
        <CloseIcon className="size-4" />
      </button>
    </aside>
  );
}
