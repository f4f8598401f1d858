import { describe, expect, it } from "vitest";
import { linkify } from "./linkify.ts";

describe("linkify", () => {
  it("makes http and https addresses links and leaves the rest as text", () => {
    expect(linkify("Fotky: https://example.com/caroni?x=1, nebo http://foto.cz.")).toEqual([
      { kind: "text", text: "Fotky: " },
      { kind: "link", text: "https://example.com/caroni?x=1", href: "https://example.com/caroni?x=1" },
      { kind: "text", text: ", nebo " },
      { kind: "link", text: "http://foto.cz", href: "http://foto.cz/" },
      { kind: "text", text: "." },
    ]);
  });

  it("never links other schemes, and keeps a sentence's closing bracket out of the address", () => {
    expect(linkify("javascript:alert(1) data:text/html,x ftp://a.cz")).toEqual([
      { kind: "text", text: "javascript:alert(1) data:text/html,x ftp://a.cz" },
    ]);
    expect(linkify("(viz https://cs.wikipedia.org/wiki/Rum_(nápoj))")).toEqual([
      { kind: "text", text: "(viz " },
      {
        kind: "link",
        text: "https://cs.wikipedia.org/wiki/Rum_(nápoj)",
        href: "https://cs.wikipedia.org/wiki/Rum_(n%C3%A1poj)",
      },
      { kind: "text", text: ")" },
    ]);
  });

  it("leaves markup as text (React escapes it)", () => {
    expect(linkify('<img src=x onerror="alert(1)"> https://a.cz/"><script>')).toEqual([
      { kind: "text", text: '<img src=x onerror="alert(1)"> ' },
      { kind: "link", text: "https://a.cz/", href: "https://a.cz/" },
      { kind: "text", text: '"><script>' },
    ]);
  });
});
