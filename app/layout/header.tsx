import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { MenuLink } from "#app/shell.ts";
import { localePath } from "#core/i18n/paths.ts";
import { CartLink } from "../features/shop/cart-link.tsx";
import { ShownPart } from "../ui/lazy-part.tsx";
import { useCountsPolling, useShellData } from "../ui/live-counts.ts";
import { AccountDropdownPart } from "./header/account-part.ts";
import { AddAuctionButton } from "./header/add-auction-button.tsx";
import { Bell } from "./header/bell.tsx";
import { CurrencySwitcher } from "./header/currency-switcher.tsx";
import { LanguageSwitcher } from "./header/language-switcher.tsx";
import { LoginWidget } from "./header/login-widget.tsx";
import { Logo } from "./header/logo.tsx";
import { BurgerButton, MobileMenu } from "./header/mobile-menu.tsx";
import { PhoneSearch } from "./header/phone-search.tsx";
import { SearchBox } from "./header/search-box.tsx";
import { TopMenu } from "./header/top-menu.tsx";
import { useHeaderHighlight } from "./header/use-header-highlight.ts";

/**
 * What the header opens (login, account dropdown, mobile menu, phone search) and the rule that
 * following a link closes it all: a page change is a new context, an overlay from the last page
 * would cover it.
 */
function useHeaderOverlays() {
  const [loginOpen, setLoginOpen] = useState(false);
  const [loginRedirect, setLoginRedirect] = useState<string | null>(null);
  const [accountOpen, setAccountOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const closePhoneSearch = useRef<(() => void) | null>(null);

  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const lastPlace = useRef(here);
  useEffect(() => {
    if (lastPlace.current === here) return;
    lastPlace.current = here;
    setLoginOpen(false);
    setAccountOpen(false);
    setMenuOpen(false);
    closePhoneSearch.current?.();
  }, [here]);

  const onLoginOpenChange = (open: boolean) => {
    setLoginOpen(open);
    if (!open) setLoginRedirect(null);
  };
  /** Opens the login, sending the user on to `redirect` once logged in. */
  const requireLogin = (redirect: string) => {
    setLoginRedirect(redirect);
    setLoginOpen(true);
  };

  return {
    loginOpen,
    loginRedirect,
    onLoginOpenChange,
    requireLogin,
    accountOpen,
    setAccountOpen,
    menuOpen,
    setMenuOpen,
    closePhoneSearch,
  };
}

/** The header's second row on desktop: the top menu, language and currency. */
function HeaderSettingsBar({ topMenu }: { topMenu: MenuLink[] }) {
  return (
    <div className="hidden bg-black/15 desktop:block">
      <div className="container-page flex h-11 items-center justify-between gap-6">
        <TopMenu items={topMenu} variant="bar" />
        <div className="ml-auto flex items-center gap-3">
          <LanguageSwitcher variant="bar" />
          <CurrencySwitcher variant="bar" />
        </div>
      </div>
    </div>
  );
}

/** A hairline at rest; the gold rule draws across when the header is highlighted. */
function HeaderRule({ highlighted }: { highlighted: boolean }) {
  return (
    <div aria-hidden="true" className="h-0.5 bg-white/10">
      <div
        className={`h-full origin-left bg-secondary transition-transform duration-300 ${
          highlighted ? "scale-x-100" : "scale-x-0"
        }`}
      />
    </div>
  );
}

/**
 * The site header (docs/product/screens.md, "Parts of every page"): logo, top menu, search, add
 * auction, the account widget (login for guests, the account dropdown for users), the notification
 * bell, language and currency, and the mobile menu below 1028 px. Below 1028 px the search is a
 * button in the bar that opens the field under it (one tap away; the drawer has it too). The skip
 * link is the layout's, before the promo banner, so it is the page's first Tab stop. It is
 * highlighted (`is-highlighted`) once the page scrolls past its height minus 75 px, or while
 * hovered.
 */
export function Header() {
  const { locale } = useTranslation();
  const shell = useShellData();
  const user = shell?.user ?? null;
  const topMenu = shell?.topMenu ?? [];

  const headerRef = useRef<HTMLElement>(null);
  const highlighted = useHeaderHighlight(headerRef);
  const overlays = useHeaderOverlays();
  const burgerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useCountsPolling();

  // Marks the header interactive once hydrated (the widgets are buttons that need scripts).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  return (
    <header
      ref={headerRef}
      className={`sticky top-0 z-40 bg-primary-dark text-white transition-shadow duration-300 ${
        highlighted ? "is-highlighted shadow-[0_10px_30px_-12px_rgb(0_0_0/0.55)]" : ""
      }`}
      data-testid="site-header"
      data-ready={ready ? "true" : undefined}
    >
      <div className="container-page flex h-16 items-center gap-1 tablet:gap-3 desktop:h-[4.75rem] desktop:gap-8">
        <BurgerButton
          open={overlays.menuOpen}
          onToggle={() => overlays.setMenuOpen((value) => !value)}
          menuId={menuId}
          buttonRef={burgerRef}
        />
        {/* Signed in, the bell and the account take the room the tagline had below 1580 px: the
            search field keeps its placeholder readable instead ("Hledat rum, v" at 1280 px). */}
        <Logo showTagline taglineFrom={user ? "fullhd" : "widescreen"} />
        <SearchBox variant="bar" className="hidden max-w-[34rem] flex-1 desktop:flex" />
        <div className="ml-auto flex items-center gap-1 tablet:gap-2.5">
          <PhoneSearch closeRef={overlays.closePhoneSearch} />
          <AddAuctionButton
            loggedIn={user !== null}
            onRequireLogin={() => overlays.requireLogin(localePath("accountAdvertisementAdd", locale))}
          />
          {user ? <Bell /> : null}
          <CartLink />
          {user ? (
            <ShownPart
              shown
              part={AccountDropdownPart}
              props={{ user, open: overlays.accountOpen, onOpenChange: overlays.setAccountOpen }}
            />
          ) : (
            <LoginWidget
              open={overlays.loginOpen}
              onOpenChange={overlays.onLoginOpenChange}
              redirectTo={overlays.loginRedirect}
            />
          )}
        </div>
      </div>
      <HeaderSettingsBar topMenu={topMenu} />
      <HeaderRule highlighted={highlighted} />
      <MobileMenu
        id={menuId}
        open={overlays.menuOpen}
        onClose={() => overlays.setMenuOpen(false)}
        topMenu={topMenu}
        returnFocusRef={burgerRef}
      />
    </header>
  );
}
