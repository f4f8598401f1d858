import { lazyPart } from "#app/ui/lazy-part.tsx";

/**
 * The logged-in user's menu (./account-dropdown.tsx) loads apart: a guest never sees it (issue 18:
 * with its links, about 8 KB of the root's JS before minification). The server draws it for a user.
 */
export const AccountDropdownPart = lazyPart(() =>
  import("./account-dropdown.tsx").then((module) => module.AccountDropdown),
);

/** Before hydration (app/entry.client.tsx): the menu, when the server drew it, so hydration finds it. */
export function preloadAccountMenu(): Promise<unknown> {
  return document.querySelector('[data-testid="account-dropdown"]')
    ? AccountDropdownPart.preload()
    : Promise.resolve();
}
