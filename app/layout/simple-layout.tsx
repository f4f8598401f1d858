import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { localePath } from "#core/i18n/paths.ts";
import { SpaLinks } from "../ui/spa-links.tsx";
import { ProgressBar } from "./progress-bar.tsx";
import { Snackbars } from "./snackbars.tsx";

/**
 * The simple layout: logo and content only, for maintenance and focused flows
 * (docs/product/screens.md, "Audience and layouts").
 */
export function SimpleLayout({ children }: { children: ReactNode }) {
  const { locale, t } = useTranslation();
  return (
    <>
      <ProgressBar />
      <header className="border-b border-line bg-white">
        <div className="container-page py-4">
          <Link
            to={localePath("home", locale)}
            className="font-serif text-3xl tracking-wide text-primary-dark"
          >
            {t("common.siteName")}
          </Link>
        </div>
      </header>
      <main id="content" className="container-page py-12">
        {children}
      </main>
      <Snackbars />
      <SpaLinks />
    </>
  );
}
