import { useId } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { ModalDialog } from "#app/ui/feedback/modal-dialog.tsx";
import { localePath } from "#core/i18n/paths.ts";
import { AGE_GATE, confirmAge, useAgeGateOpen } from "./age-gate-store.ts";

/**
 * The age gate (docs/product/accounts.md, "Age (18+)"): before anything on the site is usable, a
 * first-time visitor confirms being 18 or older. A real modal <dialog>: the page behind is inert,
 * focus stays in the dialog and starts on the confirm button, Escape does not dismiss it. "Leave"
 * is a plain link to a neutral page. The answer is kept for a year (cookie age-confirmed); the
 * cookie bar and the intro popup wait until it is given. Without the cookie it is open in the
 * server HTML already (a full-screen overlay until the scripts make it a modal), so nothing behind
 * it is usable first; crawlers never get it (see useAgeGateOpen).
 */
export function AgeGate() {
  const { t, locale } = useTranslation();
  const location = useLocation();
  const open = useAgeGateOpen();
  const titleId = useId();
  const textId = useId();

  return (
    <ModalDialog
      open={open}
      serverOpen
      dismissible={false}
      labelledBy={titleId}
      describedBy={textId}
      testId="age-gate"
      className="max-w-md"
      surfaceClassName="border-secondary/40 bg-primary-dark text-white backdrop:bg-ink/85"
    >
      <div className="relative overflow-hidden px-6 pt-9 pb-7 text-center tablet:px-10">
        {/* The gold glow is a radial gradient, not a circle under a 64 px blur, which had to be
            painted before the first frame of every first visit (as the home hero's, 765979f):
            the box is the old circle plus the blur's reach (8rem a side), fading across its edge. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-56 left-1/2 size-[34rem] -translate-x-1/2 bg-[radial-gradient(circle_closest-side,var(--color-secondary)_18%,transparent_92%)] opacity-20"
        />
        {/* Light golds: they keep their contrast over the gold glow behind them (axe). */}
        <p className="relative font-serif text-xl tracking-[0.35em] text-[#f0d9a4] uppercase">
          {t("common.siteName")}
        </p>
        <div
          aria-hidden="true"
          className="relative mx-auto mt-6 grid size-20 place-items-center rounded-full border border-secondary/70 font-serif text-[1.7rem] text-[#e6c886] shadow-[inset_0_0_0_4px_rgb(31_79_85),inset_0_0_0_5px_rgb(195_154_63/0.35)]"
        >
          {AGE_GATE.minimumAge}+
        </div>
        <h2 id={titleId} className="relative mt-6 font-serif text-[1.7rem] leading-tight">
          {t("consent.age.title")}
        </h2>
        <p id={textId} className="relative mt-3 leading-relaxed text-white/85">
          {t("consent.age.text")}
        </p>
        <div className="relative mt-7 flex flex-col gap-3">
          {/* Without scripts the form stores the cookie on the server and comes back here. */}
          <form method="post" action={localePath("ageConfirmation", locale)} className="flex flex-col">
            <input type="hidden" name="redirect" value={`${location.pathname}${location.search}`} />
            <button
              type="submit"
              onClick={(event) => {
                event.preventDefault();
                confirmAge();
              }}
              data-testid="age-confirm"
              className="rounded-md bg-secondary px-6 py-3 font-semibold text-ink shadow-sm transition hover:bg-[#d4ad55] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {t("consent.age.confirm")}
            </button>
          </form>
          <a
            href={AGE_GATE.leaveUrl}
            rel="noopener noreferrer"
            data-testid="age-leave"
            className="rounded-md border border-white/30 px-6 py-3 font-medium text-white/90 transition hover:border-white/60 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t("consent.age.leave")}
          </a>
        </div>
        <p className="relative mt-6 text-sm leading-snug text-white/75">{t("consent.age.note")}</p>
      </div>
    </ModalDialog>
  );
}
