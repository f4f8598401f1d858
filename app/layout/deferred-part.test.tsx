import { act, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { LazyPart } from "../ui/lazy-part.tsx";
import { DeferredPart } from "./deferred-part.tsx";

type Part = LazyPart<Record<string, never>>;

// React's act() outside Testing Library's render: tell React this is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A counter the server draws at 0; hydrated, a click counts. */
function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {`count ${count}`}
    </button>
  );
}

/** A part whose load the test sees and ends when it wants (`loaded: true` as on the server). */
function testPart(loaded: boolean) {
  let component: typeof Counter | null = loaded ? Counter : null;
  let finish = () => {};
  const load = vi.fn(
    () =>
      new Promise<typeof Counter>((resolve) => {
        finish = () => {
          component = Counter;
          resolve(Counter);
        };
      }),
  );
  let loading: Promise<typeof Counter> | null = null;
  const part = {
    preload: () => {
      loading ??= load();
      return loading;
    },
    ready: () => component,
    lazy: null as never,
  } as unknown as Part;
  return { part, load, finish: () => act(async () => finish()) };
}

/** The IntersectionObserver's callbacks, called by the test as if the part came into view. */
let observed: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
class FakeObserver {
  constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
    observed.push(callback);
  }
  observe() {}
  disconnect() {}
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  observed = [];
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});

/** The server's HTML of the part, then hydration in the browser with the part not loaded. */
async function hydrated() {
  const html = renderToString(<DeferredPart part={testPart(true).part} name="test" />);
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  const browser = testPart(false);
  await act(async () => {
    root = hydrateRoot(container, <DeferredPart part={browser.part} name="test" />);
  });
  return { container, ...browser };
}

describe("DeferredPart", () => {
  test("keeps the server's HTML without loading the part until it comes near the viewport, then hydrates it", async () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const { container, load, finish } = await hydrated();
    const button = container.querySelector("button");
    expect(button?.textContent).toBe("count 0");
    expect(load).not.toHaveBeenCalled();
    // Not hydrated: a click changes nothing.
    await act(async () => button?.click());
    expect(button?.textContent).toBe("count 0");

    await act(async () => {
      for (const callback of observed) callback([{ isIntersecting: true }]);
    });
    expect(load).toHaveBeenCalledTimes(1);
    await finish();
    // The same element, hydrated in place.
    expect(container.querySelector("button")).toBe(button);
    await act(async () => button?.click());
    expect(button?.textContent).toBe("count 1");
  });

  test("the focus reaching the part starts its load", async () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const { container, load } = await hydrated();
    await act(async () => container.querySelector("button")?.focus());
    expect(load).toHaveBeenCalledTimes(1);
  });
});
