import { act } from "react";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";
import { type BrowserOnly, browserOnly, useBrowserOnly } from "./browser-only.ts";

// React's act() outside Testing Library's render: tell React this is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Shown({ part }: { part: BrowserOnly<string> }) {
  const word = useBrowserOnly(part);
  return <p>{word ?? "textarea"}</p>;
}

async function mounted(part: BrowserOnly<string>) {
  const container = document.createElement("div");
  const root = createRoot(container);
  await act(async () => root.render(<Shown part={part} />));
  return { container, root };
}

describe("a part that only the browser loads", () => {
  test("the server draws without it and never asks for its module", () => {
    const load = vi.fn(async () => "editor");
    const html = renderToString(<Shown part={browserOnly(load)} />);
    expect(html).toBe("<p>textarea</p>");
    expect(load).not.toHaveBeenCalled();
  });

  test("the browser draws it once its module has come, loaded once for every user", async () => {
    const load = vi.fn(async () => "editor");
    const part = browserOnly(load);
    const first = await mounted(part);
    const second = await mounted(part);
    expect(first.container.textContent).toBe("editor");
    expect(second.container.textContent).toBe("editor");
    expect(load).toHaveBeenCalledTimes(1);
    act(() => first.root.unmount());
    act(() => second.root.unmount());
  });

  test("a failed load leaves the fallback, and the next user asks again", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue("editor");
    const part = browserOnly<string>(load);
    const offline = await mounted(part);
    expect(offline.container.textContent).toBe("textarea");
    const online = await mounted(part);
    expect(online.container.textContent).toBe("editor");
    expect(load).toHaveBeenCalledTimes(2);
    act(() => offline.root.unmount());
    act(() => online.root.unmount());
  });
});
