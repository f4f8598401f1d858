import { describe, expect, it } from "vitest";
import { renderMail } from "./layout.ts";

const content = {
  locale: "cs" as const,
  siteUrl: "https://rarita.example",
  subject: "Nastavení nového hesla",
  paragraphs: ["Dobrý den, <b>karel</b> & spol.,", "někdo požádal o nové heslo."],
  action: { label: "Nastavit nové heslo", url: 'https://rarita.example/zmena-hesla/abc?x=1&y="2"' },
  closing: ["Tým Rarita"],
  footer: [
    {
      text: "Odhlásit se můžete kdykoli:",
      link: { label: "odhlásit odběr", url: "https://rarita.example/o" },
    },
  ],
};

describe("mail layout", () => {
  it("writes the text part from the same pieces: paragraphs, the link, closing, the site's signature", () => {
    expect(renderMail(content).text).toBe(
      [
        "Dobrý den, <b>karel</b> & spol.,",
        "někdo požádal o nové heslo.",
        'Nastavit nové heslo: https://rarita.example/zmena-hesla/abc?x=1&y="2"',
        "Tým Rarita",
        [
          "--",
          "Rarita – tržiště sběratelských lihovin a tabáku",
          "https://rarita.example",
          "Odhlásit se můžete kdykoli: https://rarita.example/o",
          "Tento e-mail byl odeslán automaticky, neodpovídejte na něj prosím.",
        ].join("\n"),
      ].join("\n\n"),
    );
  });

  it("escapes every interpolated value in the HTML part", () => {
    const { html, subject } = renderMail(content);
    expect(subject).toBe("Nastavení nového hesla");
    expect(html).toContain("Dobrý den, &lt;b&gt;karel&lt;/b&gt; &amp; spol.,");
    expect(html).not.toContain("<b>karel");
    expect(html).toContain('href="https://rarita.example/zmena-hesla/abc?x=1&amp;y=&quot;2&quot;"');
    expect(html).toContain("<title>Nastavení nového hesla</title>");
  });

  it("carries the name, the palette, the button and a footer with the site address, in the mail's language", () => {
    const { html } = renderMail({ ...content, locale: "en" });
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(
      /background:#1f4f55;border-bottom:4px solid #c39a3f[^>]*>\s*<a href="https:\/\/rarita\.example"[^>]*>Rarita<\/a>/,
    );
    expect(html).toContain(">Nastavit nové heslo</a>");
    expect(html).toContain("If the button does not work, copy this link into your browser:");
    expect(html).toContain("Rarita – the marketplace for collectable spirits and tobacco");
    expect(html).toContain(">rarita.example</a>");
    expect(html).toContain('<a href="https://rarita.example/o" style="color:#1f4f55">odhlásit odběr</a>');
  });

  it("leaves the button out of a mail without an action", () => {
    const { html, text } = renderMail({ ...content, action: undefined });
    expect(html).not.toContain(
      '<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px',
    );
    expect(html).not.toContain("Pokud tlačítko nefunguje");
    expect(text).not.toContain("Nastavit nové heslo:");
  });
});
