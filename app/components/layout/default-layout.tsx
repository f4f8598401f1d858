import type { ReactNode } from "react";
import { CookieBar } from "./cookie-bar.tsx";
import { Footer } from "./footer.tsx";
import { GlobalModal } from "./global-modal.tsx";
import { Header } from "./header.tsx";
import { IntroPopup } from "./intro-popup.tsx";
import { ProgressBar } from "./progress-bar.tsx";
import { Snackbars } from "./snackbars.tsx";
import { TopPromoBanner } from "./top-promo-banner.tsx";

/** The default layout: header, footer, cookie bar, global modal, top promo banner, intro popup (spec section 1). */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <ProgressBar />
      <TopPromoBanner />
      <Header />
      <main id="content" className="min-h-[50vh]">
        {children}
      </main>
      <Footer />
      <CookieBar />
      <IntroPopup />
      <GlobalModal />
      <Snackbars />
    </>
  );
}
