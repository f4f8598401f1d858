import type { CartBadge } from "#core/contracts/shop.ts";
import type { Locale } from "#core/i18n/index.ts";

/** What every page's frame needs, loaded once by the root loader (see shell.server.ts). */
export type CategoryNode = { id: number; slug: string; name: string; subcategories: CategoryNode[] };
export type Currency = {
  id: number;
  is_default: boolean;
  code: string;
  symbol_before: string | null;
  symbol_after: string | null;
  decimals: number;
  rate: number;
};
export type Banner = { id: number; title: string; url: string | null; path: string; image: string };
export type MenuLink = { link: string; text: string };

export type ShellUser = {
  id: number;
  username: string;
  /** For the footer newsletter: a matching e-mail loads and saves the user's preferences instead. */
  email: string;
  avatarFileName: string | null;
  /** Percent; the account dropdown gets a distinct style when it is above zero. */
  groupDiscount: number;
  groupName: string | null;
  /** Staff open the back office (/admin) from the account menu. */
  isStaff: boolean;
  /** An influencer: a voucher of their own, whose statistics the account menu links to. */
  hasVoucher: boolean;
  messages: { total: number; new: number; system: number };
  advertisements: { active: number; started: number; total: number };
};

export type ShellData = {
  locale: Locale;
  user: ShellUser | null;
  /** The header's cart (pieces and the items' total): the user's, or a guest's by the `cart` cookie. */
  cart: CartBadge | null;
  topMenu: MenuLink[];
  bottomMenu: { title: string; links: MenuLink[] }[];
  contacts: Record<string, unknown>;
  introPopup: Record<string, unknown> | null;
  categories: CategoryNode[];
  currencies: Currency[];
  /** The selected currency (cookie currencyId, else the default). */
  currencyId: number | null;
  /** Client cookies the server already knows, so the first render matches the browser. */
  cookies: Record<string, string>;
  /** A crawler (isbot on the User-Agent): the age gate does not cover the page for it. */
  isBot: boolean;
  /** The server runs for the browser tests (E2E_DIAGNOSTICS=1): the frame exposes window.__raritaTest. */
  testHooks: boolean;
  banners: Record<string, Banner[]>;
  tagManagerId: string | null;
  recaptchaSiteKey: string | null;
};
