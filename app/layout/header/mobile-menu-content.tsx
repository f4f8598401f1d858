import { useEffect, useRef } from "react";
import { CategorySidebar } from "#app/features/catalog/category-sidebar.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { MenuLink } from "#app/shell.ts";
import { BAR_ICON_BUTTON, FOCUS_ON_DARK } from "#app/ui/focus-and-avatar.ts";
import { CloseIcon } from "#app/ui/icons.tsx";
import { CurrencySwitcher } from "./currency-switcher.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { Logo } from "./logo.tsx";
import { SearchBox } from "./search-box.tsx";
import { TopMenu } from "./top-menu.tsx";

/** The menu's dark bar: the logo and the close button (the dialog's title is here for readers). */
function MobileMenuBar({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const { t } = useTranslation();
  // Drawn when the menu first opens, possibly after the dialog did (its chunk was still on the
  // way): the focus goes to the close button then, as the dialog gives it on later openings.
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  return (
    <div className="flex h-16 shrink-0 items-center justify-between gap-3 bg-primary-dark px-4 text-white">
      <h2 id={titleId} className="sr-only">
        {t("header.menuTitle")}
      </h2>
      <Logo onNavigate={onClose} testId="mobile-menu-logo" />
      <button
        ref={closeRef}
        type="button"
        onClick={onClose}
        className={`${BAR_ICON_BUTTON} -mr-2 ${FOCUS_ON_DARK}`}
        data-testid="mobile-menu-close"
        data-menu-close
      >
        <CloseIcon className="size-6" />
        <span className="sr-only">{t("header.closeMenu")}</span>
      </button>
    </div>
  );
}

/** The menu's foot: language and currency. */
function MobileMenuSettings() {
  const { t } = useTranslation();
  return (
    <div className="flex shrink-0 items-center justify-between gap-3 border-t border-line bg-white px-4 py-3">
      <span className="text-[0.75rem] font-semibold tracking-[0.14em] text-muted uppercase">
        {t("header.settings")}
      </span>
      <div className="flex items-center gap-2">
        <LanguageSwitcher variant="menu" />
        <CurrencySwitcher variant="menu" />
      </div>
    </div>
  );
}

/**
 * What the mobile menu shows (app/layout/header/mobile-menu.tsx): search, the category tree,
 * the top menu, language and currency. Loaded apart, when the menu first opens or the burger is
 * first reached (issue 18): most visits never open it.
 */
export function MobileMenuContent({
  titleId,
  onClose,
  topMenu,
}: {
  titleId: string;
  onClose: () => void;
  topMenu: MenuLink[];
}) {
  return (
    <div className="flex h-full flex-col bg-light shadow-2xl">
      <MobileMenuBar titleId={titleId} onClose={onClose} />
      <div className="h-0.5 shrink-0 bg-secondary" />
      <div className="flex-1 overflow-y-auto overscroll-contain">
        <div className="border-b border-line bg-white px-4 py-4">
          <SearchBox variant="menu" onSubmit={onClose} />
        </div>
        <CategorySidebar variant="menu" className="px-2 pt-5 pb-4" onNavigate={onClose} />
        {topMenu.length > 0 ? (
          <div className="border-t border-line px-2 pt-4 pb-4">
            <TopMenu items={topMenu} variant="menu" onNavigate={onClose} />
          </div>
        ) : null}
      </div>
      <MobileMenuSettings />
    </div>
  );
}
