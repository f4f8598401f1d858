import { useTranslation } from "../../i18n/use-translation.ts";

/** The site footer (spec section 2). */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-16 bg-primary-dark py-8 text-white/80">
      <div className="container-page text-sm">
        © {new Date().getFullYear()} {t("common.siteName")}
      </div>
    </footer>
  );
}
