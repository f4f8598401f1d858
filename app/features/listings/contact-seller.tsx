import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useShellData } from "#app/ui/live-counts.ts";
import { localePath } from "#core/i18n/paths.ts";

const PRIMARY =
  "inline-flex w-full items-center justify-center rounded-lg bg-primary-dark px-5 py-3.5 text-center font-semibold text-white shadow-sm transition hover:bg-[#173d42] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark";

/** Beside a bid block or on a dark profile header the message is the second action: outlined. */
const SECONDARY =
  "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-white px-5 py-2.5 text-center font-semibold text-primary-dark ring-1 ring-primary-dark/40 transition hover:bg-light hover:ring-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark";

function MailGlyph() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <rect x="3.5" y="5.5" width="17" height="13" rx="1.5" />
      <path d="M4 6.5l8 6 8-6" />
    </svg>
  );
}

/**
 * "Write to the seller" (or "I have this" on a demand ad): opens the message page about the
 * product, or, from a profile (no `productId`), the page that asks which of the user's listings the
 * message is about. A guest is asked to log in first and lands on that page. On the user's own
 * classified it offers to edit it; on their own auction or profile it shows nothing (`ownEdit`).
 * Shop products have no seller (the operator sells them): nothing either.
 */
export function ContactSeller({
  productId,
  sellerId,
  demand = false,
  variant = "primary",
  ownEdit = true,
}: {
  productId?: number;
  sellerId: number | null;
  demand?: boolean;
  variant?: "primary" | "secondary";
  ownEdit?: boolean;
}) {
  const { t, locale } = useTranslation();
  const user = useShellData()?.user ?? null;
  if (sellerId === null) return null;
  if (user && user.id === sellerId) {
    if (!ownEdit || productId === undefined) return null;
    return (
      <div className="flex flex-col gap-2 rounded-lg bg-light p-3 text-sm" data-testid="contact-own">
        <p className="text-muted">{t("product.contact.ownListing")}</p>
        <Link
          to={localePath("accountAdvertisementEdit", locale, { id: productId })}
          className="font-semibold text-primary-dark underline underline-offset-4"
        >
          {t("product.contact.editOwn")}
        </Link>
      </div>
    );
  }
  const className = variant === "primary" ? PRIMARY : SECONDARY;
  const target =
    productId === undefined
      ? localePath("accountContactUser", locale, { userId: sellerId })
      : localePath("accountContactSeller", locale, { productId });
  if (!user)
    return (
      <Link
        to={`${localePath("account", locale)}?redirect=${encodeURIComponent(target)}`}
        className={className}
        data-testid="contact-login"
      >
        {variant === "secondary" ? <MailGlyph /> : null}
        {demand ? t("product.contact.loginToOffer") : t("product.contact.loginToWrite")}
      </Link>
    );
  return (
    <Link to={target} className={className} data-testid="contact-seller">
      {variant === "secondary" ? <MailGlyph /> : null}
      {demand ? t("product.contact.haveThis") : t("product.contact.writeSeller")}
    </Link>
  );
}
