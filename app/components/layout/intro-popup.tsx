import { useEffect, useId, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { CLIENT_COOKIES, HIDDEN } from "../../lib/consent.ts";
import type { Banner } from "../../shell.ts";
import { useAgeConfirmed } from "../consent/age-gate-store.ts";
import { BannerLink, bannerImageUrl } from "../consent/banner-link.tsx";
import { readBrowserCookies, writeBrowserCookie } from "../consent/browser-cookies.ts";
import { useConsentBarPending } from "../consent/consent-bar.tsx";
import { CloseIcon } from "../feedback/icons.tsx";
import { ModalDialog } from "../feedback/modal-dialog.tsx";
import { useShell } from "../feedback/use-shell.ts";

/** Spec section 9. */
export const INTRO_POPUP_DELAY_MS = 3000;
/** The desktop banner from this width up (the desktop breakpoint), the mobile one below. */
export const INTRO_POPUP_DESKTOP_QUERY = "(min-width: 1028px)";

/** Once dismissed, not again in this page session (even before the shell sees the cookie). */
let dismissedThisPage = false;

/**
 * The intro popup (spec sections 2, 4 and 9): 3 s after load, unless the intro-popup cookie says
 * hidden, a banner.popup_desktop (from 1028 px) or banner.popup_mobile (below) banner opens in a
 * modal. Closing it or following its link stores intro-popup=hidden for 14 days. It waits until
 * the age gate and the cookie bar are answered, so overlays never stack. The `intropopup` setting can switch it off
 * (is_enabled: false).
 */
export function IntroPopup() {
  const { t } = useTranslation();
  const shell = useShell();
  const ageConfirmed = useAgeConfirmed();
  const consentPending = useConsentBarPending();
  const [banner, setBanner] = useState<Banner | null>(null);
  const [open, setOpen] = useState(false);
  const titleId = useId();

  const desktop = shell?.banners["banner.popup_desktop"]?.[0] ?? null;
  const mobile = shell?.banners["banner.popup_mobile"]?.[0] ?? null;
  const eligible =
    Boolean(desktop || mobile) &&
    shell?.cookies[CLIENT_COOKIES.introPopup.name] !== HIDDEN &&
    shell?.introPopup?.is_enabled !== false;

  useEffect(() => {
    if (!eligible || dismissedThisPage) return;
    const timer = setTimeout(() => {
      if (readBrowserCookies()[CLIENT_COOKIES.introPopup.name] === HIDDEN) return;
      setBanner(window.matchMedia(INTRO_POPUP_DESKTOP_QUERY).matches ? desktop : mobile);
    }, INTRO_POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [eligible, desktop, mobile]);

  // Due, and neither the age question nor the cookie bar waiting for an answer (either may be
  // answered after the 3 s): one overlay at a time.
  if (banner && ageConfirmed === true && !consentPending && !open && !dismissedThisPage) setOpen(true);

  const dismiss = () => {
    dismissedThisPage = true;
    writeBrowserCookie({
      name: CLIENT_COOKIES.introPopup.name,
      value: HIDDEN,
      maxAgeSeconds: CLIENT_COOKIES.introPopup.maxAgeSeconds,
    });
    setOpen(false);
  };

  if (!banner) return null;
  const vertical = banner === mobile;

  return (
    <ModalDialog
      open={open}
      onClose={dismiss}
      labelledBy={titleId}
      testId="intro-popup"
      className={vertical ? "max-w-[400px]" : "max-w-[800px]"}
      surfaceClassName="border-secondary/30 bg-primary-dark text-white"
    >
      <div className="relative">
        <h2 id={titleId} className="sr-only">
          {banner.title}
        </h2>
        {/* First in the dialog, so it gets the focus when the popup opens. */}
        <button
          type="button"
          onClick={dismiss}
          aria-label={t("common.close")}
          data-testid="intro-popup-close"
          className="absolute top-3 right-3 z-10 grid size-10 place-items-center rounded-full bg-ink/60 text-white shadow-lg ring-1 ring-white/30 backdrop-blur transition hover:bg-ink/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary"
        >
          <CloseIcon />
        </button>
        <BannerLink url={banner.url} onClick={dismiss} className="block">
          <img
            src={bannerImageUrl(banner)}
            alt={banner.title}
            width={vertical ? 400 : 800}
            height={vertical ? 600 : 500}
            className="block h-auto max-h-[calc(100dvh-2rem)] w-full object-contain"
          />
        </BannerLink>
      </div>
    </ModalDialog>
  );
}
