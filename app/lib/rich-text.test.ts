import { describe, expect, it } from "vitest";
import { richTextToHtml } from "./rich-text.ts";

describe("richTextToHtml", () => {
  it("keeps the plain structural tags", () => {
    expect(
      richTextToHtml("<h2>1. Úvod</h2> <p>Tyto <strong>podmínky</strong> platí.</p><ul><li>a</li></ul>"),
    ).toBe("<h2>1. Úvod</h2> <p>Tyto <strong>podmínky</strong> platí.</p><ul><li>a</li></ul>");
  });

  it("escapes scripts, attributes, event handlers and unknown tags", () => {
    const html = richTextToHtml(
      '<p onclick="x()">a</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:x">l</a>',
    );
    expect(html).not.toMatch(/<(script|img|a)\b/);
    expect(html).not.toContain("<p onclick");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("turns plain text into paragraphs with line breaks", () => {
    expect(richTextToHtml('První odstavec\ndruhý řádek\n\nDruhý < třetí & "uvozovky"')).toBe(
      "<p>První odstavec<br>druhý řádek</p><p>Druhý &lt; třetí &amp; &quot;uvozovky&quot;</p>",
    );
    expect(richTextToHtml("   ")).toBe("");
  });

  it("shows links as the server's sanitiser writes them, with a safe address only", () => {
    expect(
      richTextToHtml(
        '<p>A &amp; B <a href="https://example.com/?a=1&amp;b=2" rel="noopener noreferrer">ven</a> <a href="/blog">doma</a></p>',
      ),
    ).toBe(
      '<p>A &amp; B <a href="https://example.com/?a=1&amp;b=2" rel="noopener noreferrer">ven</a> <a href="/blog">doma</a></p>',
    );
    const unsafe = richTextToHtml(
      '<p><a href="javascript:alert(1)">x</a><a href="&#106;avascript:alert(1)">y</a><a href="//evil.test">z</a><a href="/a" onclick="x()">w</a></p>',
    );
    expect(unsafe).not.toMatch(/<a\b/);
  });

  it("gives an external link its rel even when the stored one lacks it", () => {
    expect(richTextToHtml('<p><a href="https://example.com">ven</a></p>')).toBe(
      '<p><a href="https://example.com" rel="noopener noreferrer">ven</a></p>',
    );
  });
});
