import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useAgeGateOpen } from "../features/consent/age-gate-store.ts";
import { useTestHooks } from "../ui/feedback/test-hooks.ts";
import { SpaLinks } from "../ui/spa-links.tsx";
import { CookieBar } from "./cookie-bar.tsx";
import { Footer } from "./footer.tsx";
import { GlobalModal } from "./global-modal.tsx";
import { Header } from "./header.tsx";
import { IntroPopup } from "./intro-popup.tsx";
import { ProgressBar } from "./progress-bar.tsx";
import { Snackbars } from "./snackbars.tsx";
import { TopPromoBanner } from "./top-promo-banner.tsx";

/**
 * The default layout: header, footer, cookie bar, global modal, top promo banner, intro popup
 * (docs/product/screens.md, "Audience and layouts").
 */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const ageGateOpen = useAgeGateOpen();
  useTestHooks();
  return (
    <>
      <ProgressBar />
      {/* While the age gate is open the page is inert already in the server HTML: before the
          scripts make the gate a modal, Tab cannot reach a link behind its overlay. `contents`
          keeps the wrapper out of the layout (the sticky header still sticks to the page). */}
      <div className="contents" inert={ageGateOpen}>
        {/* The first Tab stop of the page, before the promo banner's link and button. */}
        <a
          href="#content"
          className="sr-only rounded-md bg-secondary px-4 py-2 font-semibold text-ink focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60]"
        >
          {t("header.skipToContent")}
        </a>
        <TopPromoBanner />
        <Header />
        <main id="content" className="min-h-[50vh]">
          {children}
        </main>
        <Footer />
      </div>
      <CookieBar />
      <IntroPopup />
      <GlobalModal />
      <Snackbars />
      <SpaLinks />
    </>
  );
}
