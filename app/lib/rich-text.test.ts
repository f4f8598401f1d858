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
});
