import { type ComponentType, type LazyExoticComponent, lazy, useEffect, useState } from "react";
import { withTexts } from "#app/i18n/with-texts.ts";

/** A part of the page loaded apart (see lazyPart). */
export type LazyPart<Props extends object> = {
  /** Starts loading the part (once) and resolves when it can be drawn without waiting. */
  preload: () => Promise<unknown>;
  /** The part's component once loaded, null before. */
  ready: () => ComponentType<Props> | null;
  /** The same as a React.lazy component, for a render that comes before the load ends. */
  lazy: LazyExoticComponent<ComponentType<Props>>;
};

/**
 * A part of the page that the browser loads only when it is drawn, while the server draws it at
 * once: the server imports it when this module is read (long before the first request), so its
 * HTML is in the first answer as before, even for a visitor without scripts. `preload()` before
 * hydration (app/entry.client.tsx) makes the browser's first render draw it as the server did.
 *
 * Why not a static import for the server beside the lazy one: the bundler then puts the module in
 * the importer's chunk for the browser too, and nothing is saved (issue 18).
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyPart<Props> {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const preload = () => {
    // The part's own texts areas come with it (app/i18n/with-texts.ts).
    loading ??= withTexts(load()).then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  if (import.meta.env.SSR) void preload();
  return {
    preload,
    ready: () => loaded,
    lazy: lazy(() => preload().then((component) => ({ default: component }))),
  };
}

/** True from the first render where `shown` is, for good: a part once drawn stays mounted. */
function useShownOnce(shown: boolean): boolean {
  const [seen, setSeen] = useState(shown);
  if (shown && !seen) setSeen(true);
  return seen || shown;
}

/**
 * Draws `part` from the first render where `shown` is true on, and keeps it mounted (so a dialog
 * closes and gives the focus back as before).
 *
 * Shown at the first render (the server's, and the hydration's with the part preloaded): drawn
 * where it stands, with no Suspense boundary, because React's server renderer sends a boundary of
 * more than 500 bytes late in a large page apart from its place, shown by a script later. Should
 * the part not be loaded at hydration after all, the lazy component suspends the hydration (a
 * transition) until it is, leaving the server's HTML in place.
 *
 * Shown later (the footer reopens the cookie bar): nothing is drawn until the chunk is there, then
 * the part at once; a Suspense fallback would hold its reveal for 300 ms.
 */
export function ShownPart<Props extends object>({
  shown,
  part,
  props,
}: {
  shown: boolean;
  part: LazyPart<Props>;
  props: Props;
}) {
  const [atFirstRender] = useState(shown);
  const seen = useShownOnce(shown);
  const [, setLoaded] = useState(false);
  useEffect(() => {
    if (seen && !part.ready()) void part.preload().then(() => setLoaded(true));
  }, [seen, part]);
  if (!seen) return null;
  const Component = part.ready() ?? (atFirstRender ? part.lazy : null);
  return Component ? <Component {...props} /> : null;
}
