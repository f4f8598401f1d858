import { useEffect, useId, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { CLIENT_COOKIES, HIDDEN } from "#app/lib/consent.ts";
import type { Banner } from "#app/shell.ts";
import { useAgeConfirmed } from "../features/consent/age-gate-store.ts";
import { useConsentBarPending } from "../features/consent/consent-bar-store.ts";
import { readBrowserCookies, writeBrowserCookie } from "../lib/browser-cookies.ts";
import { BannerLink, bannerImageUrl } from "../ui/banner-link.tsx";
import { CloseIcon } from "../ui/feedback/icons.tsx";
import { ModalDialog } from "../ui/feedback/modal-dialog.tsx";
import { useShell } from "../ui/feedback/use-shell.ts";

/** It opens this long after the other overlays are answered (docs/product/screens.md, "Client state"). */
export const INTRO_POPUP_DELAY_MS = 3000;
/** The desktop banner from this width up (the desktop breakpoint), the mobile one below. */
export const INTRO_POPUP_DESKTOP_QUERY = "(min-width: 1028px)";

/** Once dismissed, not again in this page session (even before the shell sees the cookie). */
let dismissedThisPage = false;

/** A field that takes typing: a popup opening now would take the visitor's keystrokes. */
export function isTypingTarget(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement)
    return !["button", "submit", "reset", "checkbox", "radio", "range", "color", "file", "image"].includes(
      element.type,
    );
  return element instanceof HTMLElement && element.isContentEditable;
}

/**
 * Whether the popup must wait: a field has the focus, or another modal (the mobile menu, the
 * global modal, a dialog of the page) is open.
 */
function mustWait(): boolean {
  return isTypingTarget(document.activeElement) || document.querySelector("dialog:modal") !== null;
}

/**
 * Counts the 3 s down once `ready`, then opens the popup with the banner for the screen's width.
 * The count is put off while a field has the focus or another modal is open, and every keystroke
 * or focus on a field starts it again, so the popup never takes what the visitor types.
 */
function useIntroPopupCountdown(ready: boolean, desktop: Banner | null, mobile: Banner | null) {
  const [banner, setBanner] = useState<Banner | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!ready || dismissedThisPage) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const count = () => {
      clearTimeout(timer);
      timer = setTimeout(due, INTRO_POPUP_DELAY_MS);
    };
    function due() {
      if (dismissedThisPage || readBrowserCookies()[CLIENT_COOKIES.introPopup.name] === HIDDEN) return;
      // Still in a field or behind another modal: ask again after another 3 s.
      if (mustWait()) return count();
      stop();
      setBanner(window.matchMedia(INTRO_POPUP_DESKTOP_QUERY).matches ? desktop : mobile);
      setOpen(true);
    }
    // Typing, or moving into a field, starts the count again; leaving a field restarts it too.
    const onFocusIn = (event: FocusEvent) => {
      if (isTypingTarget(event.target as Element)) clearTimeout(timer);
    };
    const events: [string, EventListener][] = [
      ["keydown", count],
      ["input", count],
      ["focusout", count],
      ["focusin", onFocusIn as EventListener],
    ];
    function stop() {
      clearTimeout(timer);
      for (const [name, listener] of events) document.removeEventListener(name, listener, true);
    }
    for (const [name, listener] of events) document.addEventListener(name, listener, true);
    count();
    return stop;
  }, [ready, desktop, mobile]);

  /** Closed for this page and, through the cookie, for 14 days. */
  const dismiss = () => {
    dismissedThisPage = true;
    writeBrowserCookie({
      name: CLIENT_COOKIES.introPopup.name,
      value: HIDDEN,
      maxAgeSeconds: CLIENT_COOKIES.introPopup.maxAgeSeconds,
    });
    setOpen(false);
  };

  return { banner, open, dismiss };
}

/**
 * The intro popup (docs/product/screens.md, "Client state"): unless the intro-popup cookie says
 * hidden, a banner.popup_desktop (from 1028 px) or banner.popup_mobile (below) banner opens in a
 * modal 3 s after load. One overlay at a time (issue 14, item 5; docs/product/visitor-basics.md,
 * "One overlay at a time (first visit)"): the 3 s count starts only once the age question and the
 * cookie bar are answered; it is put off while a field has the focus or another modal is open, and
 * every keystroke or focus on a field starts it again, so the popup never takes what the visitor
 * types. Closing it or following its link stores intro-popup=hidden for 14 days. The `intropopup`
 * setting can switch it off (is_enabled: false).
 */
export function IntroPopup() {
  const { t } = useTranslation();
  const shell = useShell();
  const ageConfirmed = useAgeConfirmed();
  const consentPending = useConsentBarPending();
  const titleId = useId();

  const desktop = shell?.banners["banner.popup_desktop"]?.[0] ?? null;
  const mobile = shell?.banners["banner.popup_mobile"]?.[0] ?? null;
  const eligible =
    Boolean(desktop || mobile) &&
    shell?.cookies[CLIENT_COOKIES.introPopup.name] !== HIDDEN &&
    shell?.introPopup?.is_enabled !== false;
  // Neither the age question nor the cookie bar waits for an answer.
  const answered = ageConfirmed === true && !consentPending;
  const { banner, open, dismiss } = useIntroPopupCountdown(eligible && answered, desktop, mobile);

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
            // The dialog's height limit less its 1 px borders: the picture is never cut, only scaled.
            className="block h-auto max-h-[calc(100dvh-2rem-2px)] w-full object-contain"
          />
        </BannerLink>
      </div>
    </ModalDialog>
  );
}
