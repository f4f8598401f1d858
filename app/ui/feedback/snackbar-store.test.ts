import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_SNACKBAR_DURATION,
  dismissSnackbar,
  MAX_SNACKBARS,
  type Snackbar,
  showSnackbar,
  snackbarList,
} from "./snackbar-store.ts";

/** The store only arms timers in a browser; a bare window object is enough to say "browser". */
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("window", {});
});

afterEach(() => {
  for (const item of snackbarList()) dismissSnackbar(item.id);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const texts = () => snackbarList().map((item: Snackbar) => item.text);

describe("snackbar store (docs/product/screens.md: type, duration, indefinite)", () => {
  it("keeps the type and hides after the default 5 s", () => {
    const id = showSnackbar({ type: "danger", text: "Tento e-mail je již uložen." });
    expect(snackbarList()).toEqual([
      { id, type: "danger", text: "Tento e-mail je již uložen.", duration: DEFAULT_SNACKBAR_DURATION },
    ]);
    vi.advanceTimersByTime(DEFAULT_SNACKBAR_DURATION - 1);
    expect(texts()).toEqual(["Tento e-mail je již uložen."]);
    vi.advanceTimersByTime(1);
    expect(snackbarList()).toEqual([]);
  });

  it("hides after its own duration", () => {
    showSnackbar({ type: "success", text: "E-mail byl úspěšně uložen.", duration: 1200 });
    vi.advanceTimersByTime(1199);
    expect(texts()).toEqual(["E-mail byl úspěšně uložen."]);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it("an indefinite notice stays until it is dismissed, whatever duration it names", () => {
    const id = showSnackbar({ type: "info", text: "Probíhá údržba.", indefinite: true, duration: 100 });
    expect(snackbarList()[0]).toMatchObject({ type: "info", duration: null });
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    expect(texts()).toEqual(["Probíhá údržba."]);
    dismissSnackbar(id);
    expect(texts()).toEqual([]);
  });

  it("the same notice twice shows once, with a fresh timer", () => {
    showSnackbar({ type: "danger", text: "wishlist.add" });
    vi.advanceTimersByTime(3000);
    showSnackbar({ type: "danger", text: "wishlist.add" });
    expect(texts()).toEqual(["wishlist.add"]);
    vi.advanceTimersByTime(3000);
    expect(texts()).toEqual(["wishlist.add"]);
    vi.advanceTimersByTime(2000);
    expect(texts()).toEqual([]);
  });

  it("the same text with another type is another notice", () => {
    showSnackbar({ type: "danger", text: "Hotovo" });
    showSnackbar({ type: "success", text: "Hotovo" });
    expect(snackbarList().map((item) => item.type)).toEqual(["danger", "success"]);
  });

  it("keeps only the newest few, and a dropped notice's timer cannot remove a newer one", () => {
    for (let i = 1; i <= MAX_SNACKBARS + 2; i++)
      showSnackbar({ type: "info", text: `n${i}`, duration: 1000 * i });
    expect(texts()).toEqual(["n3", "n4", "n5", "n6"]);
    vi.advanceTimersByTime(2000);
    expect(texts()).toEqual(["n3", "n4", "n5", "n6"]);
    vi.advanceTimersByTime(1000);
    expect(texts()).toEqual(["n4", "n5", "n6"]);
  });

  it("dismissing early cancels the timer", () => {
    const first = showSnackbar({ type: "info", text: "první" });
    dismissSnackbar(first);
    const second = showSnackbar({ type: "info", text: "druhé", indefinite: true });
    vi.advanceTimersByTime(DEFAULT_SNACKBAR_DURATION * 2);
    expect(snackbarList().map((item) => item.id)).toEqual([second]);
  });

  it("arms no timer on the server", () => {
    vi.unstubAllGlobals();
    showSnackbar({ type: "info", text: "server" });
    expect(vi.getTimerCount()).toBe(0);
  });
});
