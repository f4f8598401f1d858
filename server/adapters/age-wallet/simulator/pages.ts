import { REQUEST_FIELDS, type WalletRequest } from "./request-check.ts";

/**
 * The test wallet's pages (ADR 0084), plain server-rendered HTML in Czech with English subtitles:
 * the request (who asks, for what) with the attestations it can present, the error page for a
 * request it cannot answer, and the page that hands the response to the verifier by a form POST
 * (sent by a script at once, or by its button without one). Every value from the request is
 * escaped; each page's script and style carry the response's CSP nonce.
 */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );

const STYLE = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef1f7;color:#111827}
header{background:#003399;color:#fff;padding:14px 0}
header .in{max-width:34rem;margin:0 auto;padding:0 16px;display:flex;align-items:center;gap:12px}
.stars{width:40px;height:40px;flex:none}
h1{font-size:1.25rem;margin:0 0 14px;line-height:1.25}
.en{display:block;font-size:.82rem;font-weight:400;color:#4b5563}
header .en{color:#c7d2fe}
main{max-width:34rem;margin:0 auto;padding:16px}
.banner{background:#fef3c7;border:1px solid #f59e0b;border-radius:8px;padding:8px 12px;font-size:.9rem;margin:0 0 16px}
.card{background:#fff;border:1px solid #d1d5db;border-radius:12px;padding:16px 18px;margin:0 0 16px}
.card p{margin:0}.card ul+p{margin-top:8px}
h2{font-size:1.05rem;margin:0 0 10px}
dl{margin:0}dt{font-weight:600;margin-top:8px}dd{margin:0;overflow-wrap:anywhere}
.muted{color:#4b5563;font-size:.85rem}
fieldset{border:0;margin:0;padding:0}
legend{font-weight:600;font-size:1.05rem;margin-bottom:8px;padding:0}
label.choice{display:flex;gap:10px;align-items:flex-start;border:1px solid #d1d5db;border-radius:10px;padding:10px 12px;margin:8px 0;cursor:pointer}
label.choice:has(input:checked){border-color:#003399;background:#eef2ff}
label.choice input{margin-top:5px;flex:none;width:18px;height:18px}
label.renew{display:flex;gap:10px;align-items:flex-start;margin:12px 0 0;font-size:.95rem}
label.renew input{margin-top:4px;flex:none}
.actions{display:flex;flex-wrap:wrap;gap:10px;margin-top:16px}
button{font:inherit;font-weight:600;border-radius:10px;padding:10px 18px;cursor:pointer;border:2px solid #003399;min-height:44px}
button.primary{background:#003399;color:#fff}
button.primary .en{color:#dbe4ff}
button .en{font-weight:400}
button.secondary{background:#fff;color:#003399}
button:focus-visible,input:focus-visible{outline:3px solid #ffcc00;outline-offset:2px}
ul.problems{padding-left:1.2rem}
code{font-size:.85rem;overflow-wrap:anywhere}`;

/** The EU flag's ring of twelve stars, drawn as dots. */
const STARS = `<svg class="stars" viewBox="0 0 40 40" aria-hidden="true" focusable="false">${Array.from(
  { length: 12 },
  (_, i) =>
    `<circle cx="${(20 + 15 * Math.sin((i * Math.PI) / 6)).toFixed(2)}" cy="${(20 - 15 * Math.cos((i * Math.PI) / 6)).toFixed(2)}" r="2.4" fill="#ffcc00"/>`,
).join("")}</svg>`;

function page(input: { title: string; titleEn: string; body: string; nonce: string }): string {
  return `<!doctype html><html lang="cs"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(input.title)} · Testovací peněženka EU</title>
<style nonce="${input.nonce}">${STYLE}</style></head><body>
<header><div class="in">${STARS}<div><strong>Testovací peněženka EU</strong><span class="en" lang="en">EU test wallet</span></div></div></header>
<main><p class="banner" role="note">Simulátor: osvědčení jsou testovací a nepatří žádné skutečné osobě. <span class="en" lang="en">Simulator: test attestations of no real person.</span></p>
<h1>${escapeHtml(input.title)}<span class="en" lang="en">${escapeHtml(input.titleEn)}</span></h1>
${input.body}</main></body></html>`;
}

const CHOICES = [
  { value: "adult", cs: "Osvědčení: je mi 18 let nebo více", en: "Attestation: I am 18 or older" },
  { value: "minor", cs: "Osvědčení: je mi méně než 18 let", en: "Attestation: I am under 18" },
  {
    value: "untrusted",
    cs: "Osvědčení od vydavatele, kterému ověřovatel nedůvěřuje",
    en: "Attestation from an issuer the verifier does not trust",
  },
  { value: "expired", cs: "Osvědčení, jehož platnost skončila", en: "An attestation that has expired" },
] as const;
export type Choice = (typeof CHOICES)[number]["value"];
export const CHOICE_VALUES: readonly string[] = CHOICES.map((choice) => choice.value);

/** The request: who asks, what for, and what to present or refuse. */
export function requestPage(request: WalletRequest, params: URLSearchParams, nonce: string): string {
  const verifier = new URL(request.responseUri).host;
  const hidden = REQUEST_FIELDS.map(
    (name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? "")}">`,
  ).join("");
  const choices = CHOICES.map(
    (choice, index) =>
      `<label class="choice"><input type="radio" name="choice" value="${choice.value}"${index === 0 ? " checked" : ""}><span>${escapeHtml(choice.cs)}<span class="en" lang="en">${escapeHtml(choice.en)}</span></span></label>`,
  ).join("");
  const body = `<section class="card" aria-labelledby="who"><h2 id="who">Kdo žádá <span class="en" lang="en">Who is asking</span></h2>
<dl><dt>Ověřovatel <span class="en" lang="en">Verifier</span></dt><dd><strong>${escapeHtml(verifier)}</strong></dd>
<dt>Identifikátor <span class="en" lang="en">Client ID</span></dt><dd><code>${escapeHtml(request.clientId)}</code></dd>
<dt>Požadované údaje <span class="en" lang="en">Requested</span></dt><dd>Jen věk 18+ (age_over_18). Jméno ani datum narození se nesdílí. <span class="en" lang="en">Only age 18+; no name, no date of birth.</span></dd></dl></section>
<form method="post" action="/authorize" class="card">${hidden}
<fieldset><legend>Které osvědčení předložit? <span class="en" lang="en">Which attestation to present?</span></legend>${choices}</fieldset>
<label class="renew"><input type="checkbox" name="renew_key" value="1"><span>Použít nový klíč peněženky (ověřovatel vás nepozná jako dříve) <span class="en" lang="en">Use a new wallet key (the verifier will not recognise you)</span></span></label>
<div class="actions"><button type="submit" name="action" value="present" class="primary">Předložit <span class="en" lang="en">Present</span></button>
<button type="submit" name="action" value="refuse" class="secondary">Odmítnout <span class="en" lang="en">Refuse</span></button></div></form>`;
  return page({ title: "Žádost o ověření věku", titleEn: "Age verification request", body, nonce });
}

export function errorPage(problems: string[], nonce: string): string {
  const items = problems.map((problem) => `<li>${escapeHtml(problem)}</li>`).join("");
  const body = `<section class="card" role="alert"><h2>Na tuto žádost peněženka neodpoví <span class="en" lang="en">The wallet will not answer this request</span></h2><ul class="problems">${items}</ul>
<p class="muted">Vraťte se do obchodu a zkuste ověření znovu. <span class="en" lang="en">Go back to the shop and try again.</span></p></section>`;
  return page({ title: "Žádost není platná", titleEn: "Invalid request", body, nonce });
}

/** The response, posted to the verifier's `response_uri` (direct_post) from the browser. */
export function responsePage(responseUri: string, fields: Record<string, string>, nonce: string): string {
  const hidden = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  const body = `<form method="post" action="${escapeHtml(responseUri)}" id="response" class="card">${hidden}
<p>Odpověď se předává ověřovateli ${escapeHtml(new URL(responseUri).host)}. <span class="en" lang="en">Sending the response to the verifier.</span></p>
<div class="actions"><button type="submit" class="primary">Pokračovat <span class="en" lang="en">Continue</span></button></div></form>
<script nonce="${nonce}">document.getElementById("response").submit();</script>`;
  return page({ title: "Předávání odpovědi", titleEn: "Sending the response", body, nonce });
}
