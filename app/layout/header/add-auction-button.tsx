import { useTranslation } from "#app/i18n/use-translation.ts";
import { FOCUS_ON_DARK } from "#app/ui/focus-and-avatar.ts";
import { PlusIcon } from "#app/ui/icons.tsx";
import { SPA_LINK } from "#app/ui/spa-links.tsx";
import { localePath } from "#core/i18n/paths.ts";

const CLASS = `h-11 shrink-0 items-center justify-center gap-2 rounded-full bg-secondary text-ink font-semibold shadow-sm transition-colors hover:bg-[#d2ab55] w-11 tablet:w-auto tablet:px-4 tablet:text-[0.9rem] ${FOCUS_ON_DARK}`;

/**
 * Add auction (docs/product/screens.md, "Parts of every page"): a link for logged-in users; guests
 * get the login widget, which then sends them on to the add-auction page.
 */
export function AddAuctionButton({
  loggedIn,
  onRequireLogin,
}: {
  loggedIn: boolean;
  onRequireLogin: () => void;
}) {
  const { locale, t } = useTranslation();
  const content = (
    <>
      <PlusIcon className="size-5 shrink-0" />
      <span className="sr-only tablet:not-sr-only">{t("header.addAuction")}</span>
    </>
  );
  // Under 360 px a signed-in user reaches it in the account menu, which lists it first: the bar
  // keeps room for the bell, the cart and that menu.
  if (loggedIn)
    return (
      <a
        {...SPA_LINK}
        href={localePath("accountAdvertisementAdd", locale)}
        className={`${CLASS} hidden min-[360px]:inline-flex`}
        data-testid="add-auction"
      >
        {content}
      </a>
    );
  return (
    <button
      type="button"
      onClick={onRequireLogin}
      className={`${CLASS} inline-flex`}
      data-testid="add-auction"
    >
      {content}
    </button>
  );
}
