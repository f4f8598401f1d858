import { useEffect, useState } from "react";

/** A module that only the browser loads (see browserOnly). */
export type BrowserOnly<T> = {
  /** Starts loading it (once; again after a failed load) and resolves with it. */
  preload: () => Promise<T>;
};

/**
 * A part the server never draws (it needs the browser: an editor, a chart that measures its box),
 * in a module of its own: useBrowserOnly asks for it in an effect, which the server's render never
 * runs, so no server process imports it (ADR 0119). Unlike lazyPart (lazy-part.tsx), which the
 * server loads at once to draw its part in the first answer.
 */
export function browserOnly<T>(load: () => Promise<T>): BrowserOnly<T> {
  let loading: Promise<T> | null = null;
  return {
    preload() {
      if (loading) return loading;
      const current = load();
      loading = current;
      // A failed load (the network) is tried again by the next render that asks.
      current.catch(() => {
        if (loading === current) loading = null;
      });
      return current;
    },
  };
}

/** The part's module from the render after it came; null before, and always on the server. */
export function useBrowserOnly<T>(part: BrowserOnly<T>): T | null {
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  useEffect(() => {
    let mounted = true;
    part.preload().then(
      (value) => mounted && setLoaded({ value }),
      () => {},
    );
    return () => {
      mounted = false;
    };
  }, [part]);
  return loaded?.value ?? null;
}
