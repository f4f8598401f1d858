import { afterEach, describe, expect, it } from "vitest";
import {
  closeGlobalModal,
  currentGlobalModal,
  globalModalView,
  openGlobalModal,
  useGlobalModal,
} from "./modal-store.ts";

afterEach(() => closeGlobalModal());

describe("global modal (docs/product/screens.md: a title and a text; any other type is unknown)", () => {
  it("draws a text modal's own title and text", () => {
    expect(globalModalView({ type: "text", title: "Odkaz zkopírován", text: "Pošlete ho dál." })).toEqual({
      kind: "text",
      title: "Odkaz zkopírován",
      text: "Pošlete ho dál.",
    });
  });

  it("any other type becomes the unknown-type message naming the type", () => {
    expect(globalModalView({ type: "video", title: "Ignored", text: "Ignored" })).toEqual({
      kind: "unknown",
      type: "video",
    });
    expect(globalModalView({ type: "" })).toEqual({ kind: "unknown", type: "" });
  });

  it("a text modal without its strings is not drawn empty", () => {
    expect(globalModalView({ type: "text", title: "Jen titulek" })).toEqual({
      kind: "unknown",
      type: "text",
    });
  });

  it("opens and closes through the store, from anywhere", () => {
    expect(currentGlobalModal()).toBeNull();
    useGlobalModal().open({ type: "text", title: "A", text: "B" });
    expect(currentGlobalModal()).toEqual({ type: "text", title: "A", text: "B" });
    openGlobalModal({ type: "other" });
    expect(currentGlobalModal()).toEqual({ type: "other" });
    useGlobalModal().close();
    expect(currentGlobalModal()).toBeNull();
  });
});
