import { useTranslation } from "#app/i18n/use-translation.ts";
import { openConsentSettings } from "../features/consent/consent-bar-store.ts";
import { useShell } from "../ui/feedback/use-shell.ts";
import { lazyPart } from "../ui/lazy-part.tsx";
import { renderWhenNear } from "../ui/render-when-near.ts";
import { DeferredPart } from "./deferred-part.tsx";

/**
 * Everything above the bottom line (newsletter, brand, menus, card brands: footer-content.tsx)
 * is drawn by the server and hydrated only when it nears the viewport: most visits never scroll
 * to it, and its code (the newsletter form, 5 to 6 KB gzip) no longer rides in every page's root
 * chunk (issue 18, ADR 0055).
 */
const FooterContentPart = lazyPart<Record<string, never>>(() =>
  import("./footer-content.tsx").then((module) => module.FooterContent),
);

/**
 * The site footer (docs/product/screens.md, "Parts of every page"): the newsletter sign-up with its
 * background video, then the brand and social links, the link menu from the bottommenu setting, the
 * card brands and the copyright line.
 */
export function Footer() {
  const { t } = useTranslation();
  const shell = useShell();
  const contacts = shell?.contacts ?? {};
  const company =
    typeof contacts.company === "string" && contacts.company ? contacts.company : t("common.siteName");
  return (
    <footer className="mt-16" data-testid="footer" style={renderWhenNear(1200)}>
      <DeferredPart part={FooterContentPart} name="footer" />
      <div className="bg-primary-dark text-white/80">
        <FooterBottomLine company={company} />
      </div>
    </footer>
  );
}

/** The copyright line and the way back to the cookie settings. */
function FooterBottomLine({ company }: { company: string }) {
  const { t } = useTranslation();
  return (
    <div className="border-t border-white/10">
      <div className="container-page flex flex-col gap-3 py-5 text-sm text-white/75 tablet:flex-row tablet:items-center tablet:justify-between">
        <p data-testid="copyright">
          {t("footer.copyright", { year: new Date().getFullYear(), company })}
          {/* "Rarita s.r.o." already ends with a full stop. */}
          {company.endsWith(".") ? " " : ". "}
          {t("footer.rights")}
        </p>
        <button
          type="button"
          onClick={openConsentSettings}
          data-testid="cookie-settings"
          className="self-start text-white/70 underline decoration-white/25 underline-offset-4 transition hover:text-secondary hover:decoration-secondary tablet:self-auto"
        >
          {t("consent.settingsLink")}
        </button>
      </div>
    </div>
  );
}
