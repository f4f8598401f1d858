import { translate } from "#core/i18n/index.ts";
import { BACKGROUND_COLOR, THEME_COLOR } from "./manifest.ts";

/**
 * The offline page (ADR 0110): static HTML the service worker precaches and answers a navigation
 * with when there is no network. Written to public/offline.html by scripts/pwa-assets.ts with both
 * languages' texts; public/offline.js shows the one of the address asked for and fills the list
 * of recently viewed listings from this browser's storage (app/pwa/recent.ts). No inline script:
 * the page's policy allows only our files (server/http/csp.ts).
 */
export function offlinePageHtml(): string {
  const part = (locale: "cs" | "en") => {
    const t = (key: "title" | "lead" | "none" | "retry") => translate(locale, `push.offline.${key}`);
    return `  <main lang="${locale}" data-locale="${locale}"${locale === "en" ? " hidden" : ""}>
    <h1>${t("title")}</h1>
    <p>${t("lead")}</p>
    <ul class="recent" data-testid="offline-recent"></ul>
    <p class="none" hidden>${t("none")}</p>
    <p><a class="retry" href="/">${t("retry")}</a></p>
  </main>`;
  };
  return `<!doctype html>
<html lang="cs">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="theme-color" content="${THEME_COLOR}">
  <meta name="robots" content="noindex">
  <title>Rarita – offline</title>
  <link rel="icon" href="/favicon.ico">
  <style>
    body { margin: 0; font-family: system-ui, sans-serif; background: ${BACKGROUND_COLOR}; color: #1d2226; }
    header { background: ${THEME_COLOR}; color: #c39a3f; padding: 1rem 1.25rem; font: 1.5rem Georgia, serif; }
    main { max-width: 40rem; margin: 0 auto; padding: 1.5rem 1.25rem; }
    h1 { font: 2rem Georgia, serif; color: ${THEME_COLOR}; margin: 0 0 .5rem; }
    .recent { list-style: none; padding: 0; display: grid; gap: .75rem; }
    .recent a { display: flex; gap: .75rem; align-items: center; color: inherit; text-decoration: none;
      background: #fff; border-radius: .5rem; padding: .5rem; }
    .recent img { width: 4rem; height: 4rem; object-fit: cover; border-radius: .25rem; background: #e5e0d6; }
    .recent .tile { flex: none; width: 4rem; height: 4rem; border-radius: .25rem; background: #e5e0d6; }
    .recent img { flex: none; }
    .recent strong { display: block; }
    .recent .price { display: block; margin-top: .125rem; color: #5b6166; }
    .retry { color: ${THEME_COLOR}; font-weight: 600; }
  </style>
</head>
<body data-testid="offline-page">
  <header>Rarita</header>
${part("cs")}
${part("en")}
  <script src="/offline.js" defer></script>
</body>
</html>
`;
}
