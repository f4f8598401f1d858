import { Link, useLocation } from "react-router";
import { localePath } from "../../i18n/paths.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useShellData } from "../header/live-counts.ts";

const PRIMARY =
  "inline-flex w-full items-center justify-center rounded-lg bg-primary-dark px-5 py-3.5 text-center font-semibold text-white shadow-sm transition hover:bg-[#173d42] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark";

/**
 * The action of a live classified or demand ad on its product page (they have no bid block):
 * "write to the seller" / "I have this" opens the message page about the product; a guest is
 * asked to log in first and comes back here; the seller gets a link to edit their own ad.
 */
export function ContactSeller({
  productId,
  sellerId,
  demand,
}: {
  productId: number;
  sellerId: number | null;
  demand: boolean;
}) {
  const { t, locale } = useTranslation();
  const { pathname } = useLocation();
  const user = useShellData()?.user ?? null;
  if (sellerId === null) return null;
  if (user && user.id === sellerId)
    return (
      <div className="flex flex-col gap-2 rounded-lg bg-light p-3 text-sm" data-testid="contact-own">
        <p className="text-muted">{t("listings.contact.ownListing")}</p>
        <Link
          to={localePath("accountAdvertisementEdit", locale, { id: productId })}
          className="font-semibold text-primary-dark underline underline-offset-4"
        >
          {t("listings.contact.editOwn")}
        </Link>
      </div>
    );
  if (!user)
    return (
      <Link
        to={`${localePath("account", locale)}?redirect=${encodeURIComponent(pathname)}`}
        className={PRIMARY}
        data-testid="contact-login"
      >
        {demand ? t("listings.contact.loginToOffer") : t("listings.contact.loginToWrite")}
      </Link>
    );
  return (
    <Link
      to={localePath("accountContactSeller", locale, { productId })}
      className={PRIMARY}
      data-testid="contact-seller"
    >
      {demand ? t("listings.contact.haveThis") : t("listings.contact.writeSeller")}
    </Link>
  );
}
