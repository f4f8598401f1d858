import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { type ActionFunctionArgs, createRoutesStub, useLocation } from "react-router";
import type { ShellData, ShellUser } from "#app/shell.ts";

/**
 * Component tests render through React Router's route stubs, the way the app renders: a root route
 * with id "root" whose loader answers the shell data the real root loader gives (language, user,
 * currencies; components read it with useRouteLoaderData("root")), and below it the routes a test
 * needs (a stub page drawing the component, its action recording what was posted).
 */

export type StubRoute = Parameters<typeof createRoutesStub>[0][number];

export type ShellOptions = {
  locale?: "cs" | "en";
  /** A signed-in user (fields over a default one), or null for a guest (the default). */
  user?: Partial<ShellUser> | null;
  /** The visitor's currency (cookie currencyId): CZK by default. */
  currency?: "CZK" | "EUR";
};

/** The seed's currencies: crowns, and the euro at 25.2 CZK. */
export const EURO_RATE = 25.2;
const CURRENCIES: ShellData["currencies"] = [
  { id: 1, is_default: true, code: "CZK", symbol_before: null, symbol_after: " Kč", decimals: 2, rate: 1 },
  {
    id: 2,
    is_default: false,
    code: "EUR",
    symbol_before: "€",
    symbol_after: null,
    decimals: 2,
    rate: EURO_RATE,
  },
];

export const TEST_USER: ShellUser = {
  id: 7,
  username: "sberatel",
  email: "sberatel@rarita.test",
  avatarFileName: null,
  groupDiscount: 0,
  groupName: null,
  isStaff: false,
  hasVoucher: false,
  messages: { total: 0, new: 0, system: 0 },
  advertisements: { active: 0, started: 0, total: 0 },
};

/** What the root loader answers (app/shell.server.ts), reduced to a test's needs. */
export function shellData({ locale = "cs", user = null, currency = "CZK" }: ShellOptions = {}): ShellData {
  return {
    locale,
    user: user ? { ...TEST_USER, ...user } : null,
    cart: null,
    topMenu: [],
    bottomMenu: [],
    contacts: {},
    introPopup: null,
    categories: [],
    currencies: CURRENCIES,
    currencyId: currency === "EUR" ? 2 : 1,
    cookies: {},
    isBot: false,
    testHooks: false,
    banners: {},
    tagManagerId: null,
    recaptchaSiteKey: null,
  };
}

export type RenderRouteOptions = ShellOptions & {
  /** The URL the router starts at. */
  url?: string;
  /**
   * Loader data by route id, there from the first render as after the server render (a route's
   * loader answers when an action revalidates it). The root's is the shell data.
   */
  loaderData?: Record<string, unknown>;
};

function NoFallback() {
  return null;
}

/** The stub router's element for `routes` under the root route, at `url`. */
function stubElement(
  routes: StubRoute | StubRoute[],
  { url = "/", loaderData = {}, ...shell }: RenderRouteOptions,
) {
  const root = shellData(shell);
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => root,
      HydrateFallback: NoFallback,
      children: Array.isArray(routes) ? routes : [routes],
    },
  ]);
  return <Stub initialEntries={[url]} hydrationData={{ loaderData: { root, ...loaderData } }} />;
}

/**
 * Renders `routes` under a stub root route at `url`, as the browser shows it once its scripts run.
 * Returns Testing Library's render result and a user-event instance.
 */
export function renderRoute(routes: StubRoute | StubRoute[], options: RenderRouteOptions = {}) {
  const user = userEvent.setup();
  const view = render(stubElement(routes, options));
  return { user, ...view };
}

/**
 * Renders as the browser gets the page: the server's HTML first (what a visitor has before the
 * scripts run), which `beforeHydration` may look at or change (a choice made before the scripts
 * ran), then the scripts take it over (hydration).
 */
export async function renderRouteHydrated(
  routes: StubRoute | StubRoute[],
  options: RenderRouteOptions = {},
  beforeHydration?: (container: HTMLElement) => void | Promise<void>,
) {
  const element = stubElement(routes, options);
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = renderToString(element);
  await beforeHydration?.(container);
  const user = userEvent.setup();
  const view = render(element, { container, hydrate: true });
  return { user, ...view };
}

/**
 * A stub action that keeps every posted form and answers with `answer(form)` (plain data, as a
 * route action returns it).
 */
export function recordingAction<T>(answer: (form: FormData, index: number) => T | Promise<T>) {
  const posts: FormData[] = [];
  const action = async ({ request }: ActionFunctionArgs) => {
    const form = await request.formData();
    posts.push(form);
    return answer(form, posts.length - 1);
  };
  return {
    action,
    posts,
    /** The last posted form as name → value pairs (repeated names keep every value). */
    last(): Record<string, string | string[]> {
      const form = posts.at(-1);
      if (!form) throw new Error("Nothing was posted");
      const fields: Record<string, string | string[]> = {};
      for (const name of new Set(form.keys())) {
        const values = form.getAll(name).map(String);
        fields[name] = values.length === 1 ? values[0] : values;
      }
      return fields;
    },
  };
}

/** Shows the router's current location (path and query), for tests of navigation. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/** An element's text with every run of whitespace (prices use no-break spaces) as one space. */
export function textOf(element: Element | null): string {
  return (element?.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** A promise a test settles itself: an action held "on its way" until the test lets it answer. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
