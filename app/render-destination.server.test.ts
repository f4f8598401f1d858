import { createElement, Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { renderDestination } from "./render-destination.server.ts";

const SHEET = "a{color:red}".repeat(5000);

function Late({ later }: { later: Promise<string> }) {
  return createElement("p", null, use(later));
}

function page(later: Promise<string>) {
  return createElement(
    "html",
    null,
    createElement("head", null, createElement("style", null, SHEET)),
    createElement(
      "body",
      null,
      createElement(
        "ul",
        null,
        ...Array.from({ length: 2000 }, (_, i) => createElement("li", { key: i }, `item ${i}`)),
      ),
      createElement(
        Suspense,
        { fallback: createElement("p", null, "loading") },
        createElement(Late, { later }),
      ),
    ),
  );
}

/** Renders as app/entry.server.tsx does: the shell first, the Suspense boundary streamed after. */
function render(later: Promise<string>) {
  let done = 0;
  const errors: string[] = [];
  const { destination, body } = renderDestination(() => {
    done++;
  });
  const { pipe } = renderToPipeableStream(page(later), {
    onShellReady() {
      pipe(destination as unknown as NodeJS.WritableStream);
    },
    onError(error) {
      errors.push(String(error));
    },
  });
  return { body, doneCalls: () => done, errors };
}

describe("renderDestination", () => {
  it("gives the whole page, the shell and each streamed boundary as one chunk each", async () => {
    let resolveLater!: (text: string) => void;
    const { body, doneCalls } = render(new Promise((resolve) => (resolveLater = resolve)));
    const reader = body.getReader();
    const shell = await reader.read();
    const shellText = new TextDecoder().decode(shell.value);
    expect(shellText).toContain(`<style>${SHEET}</style>`);
    expect(shellText).toContain("<li>item 1999</li>");
    expect(shellText).toContain("loading");
    resolveLater("arrived");
    const rest: string[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read())
      rest.push(new TextDecoder().decode(next.value));
    expect(rest).toHaveLength(1);
    expect(rest[0]).toContain("arrived");
    expect(rest[0]).toMatch(/<\/html>$/);
    expect(doneCalls()).toBe(1);
  });

  it("stops the render when the reader goes away", async () => {
    const { body, doneCalls, errors } = render(new Promise(() => {}));
    const reader = body.getReader();
    await reader.read();
    await reader.cancel();
    expect(doneCalls()).toBe(1);
    // React aborts the pending boundary: it renders nothing more into a stream nobody reads.
    await vi.waitFor(() => expect(errors.join()).toContain("closed early"));
  });
});
