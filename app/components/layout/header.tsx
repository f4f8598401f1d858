import { Link } from "react-router";
import { localePath } from "../../i18n/paths.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

/** The site header (spec section 2). */
export function Header() {
  const { locale, t } = useTranslation();
  return (
    <header className="bg-primary-dark text-white">
      <div className="container-page flex items-center justify-between py-4">
        <Link to={localePath("home", locale)} className="font-serif text-3xl tracking-wide text-secondary">
          {t("common.siteName")}
        </Link>
      </div>
    </header>
  );
}
