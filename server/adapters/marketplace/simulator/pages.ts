import { type Context, Hono } from "hono";
import { buildSpayd, spaydQrSvg } from "#server/modules/payments/index.ts";
import type { Model } from "./model.ts";
import { StripeApiError } from "./model.ts";
import type { Store, StripeObject } from "./store.ts";

/**
 * The provider's own pages, plain server-rendered HTML: the Checkout page at a session's `url`
 * (a card: pay or decline; a bank transfer: the account, amount, variable symbol and QR payment,
 * and the button the bank presses in real life) and the onboarding page at an account link's URL
 * (the identity check, one button here). Czech or English by the session's locale; the onboarding
 * page by `?lang=` or the browser's languages, as account links carry no locale.
 */
type Lang = "cs" | "en";

const TEXT = {
  cs: {
    title: "Platba",
    banner: "Simulátor platební brány: žádné skutečné peníze",
    amount: "Částka",
    pay: "Zaplatit",
    decline: "Zamítnout kartu",
    cardNote: "Testovací karta: platba projde nebo bude zamítnuta podle tlačítka.",
    bankIntro:
      "Zaplaťte převodem na účet poskytovatele plateb. Peníze drží poskytovatel, dokud obchod neproběhne.",
    iban: "IBAN",
    vs: "Variabilní symbol",
    qr: "QR platba: naskenujte v aplikaci banky",
    received: "Označit platbu jako přijatou",
    receivedNote: "Ve skutečnosti to udělá banka, až peníze dorazí.",
    paid: "Zaplaceno. Děkujeme.",
    back: "Zpět do obchodu",
    expired: "Tato platba vypršela nebo byla zrušena.",
    declined: "Karta byla zamítnuta. Můžete to zkusit znovu.",
    onboardTitle: "Ověření prodávajícího",
    onboardIntro: "Poskytovatel plateb ověří vaši totožnost a účet, na který vám pošle peníze z prodejů.",
    email: "E-mail",
    verify: "Ověřit",
    verified: "Účet je ověřený: výplaty jsou zapnuté.",
    notFound: "Tuto stránku poskytovatel nezná.",
  },
  en: {
    title: "Payment",
    banner: "Payment provider simulator: no real money",
    amount: "Amount",
    pay: "Pay",
    decline: "Decline",
    cardNote: "Test card: the payment goes through or is declined by the button you press.",
    bankIntro:
      "Pay by bank transfer to the payment provider's account. The provider holds the money until the deal is done.",
    iban: "IBAN",
    vs: "Variable symbol",
    qr: "QR payment: scan it in your bank's app",
    received: "Mark as received",
    receivedNote: "In real life the bank does this when the money arrives.",
    paid: "Paid. Thank you.",
    back: "Back to the shop",
    expired: "This payment expired or was cancelled.",
    declined: "The card was declined. You may try again.",
    onboardTitle: "Seller verification",
    onboardIntro: "The payment provider checks who you are and the account it pays your sales to.",
    email: "Email",
    verify: "Verify",
    verified: "The account is verified: payouts are on.",
    notFound: "The provider does not know this page.",
  },
} satisfies Record<Lang, Record<string, string>>;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );

const money = (minor: number, lang: Lang) =>
  new Intl.NumberFormat(lang === "cs" ? "cs-CZ" : "en-GB", { style: "currency", currency: "CZK" }).format(
    minor / 100,
  );

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827}
.banner{margin:0;background:#7c2d12;color:#fff;text-align:center;padding:.4rem 1rem;font-size:.875rem}
main{max-width:30rem;margin:2rem auto;padding:0 1rem}.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.5rem}
h1{font-size:1.375rem;margin:0 0 .25rem}.what{color:#4b5563;margin:0 0 1rem;overflow-wrap:anywhere}.total{font-size:2rem;font-weight:700;margin:.25rem 0 1rem}
dl{display:grid;grid-template-columns:1fr;gap:0;margin:1rem 0}dt{margin-top:.5rem}dt:first-child{margin-top:0}dt{color:#4b5563}dd{margin:0;font-weight:600;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
.qr{text-align:center;margin:1rem 0}.qr svg{width:220px;max-width:100%;height:auto}.qr p{margin:.25rem 0 0;color:#4b5563;font-size:.875rem}
form{margin:0}.actions{display:grid;gap:.75rem;margin-top:1rem}button{font:inherit;font-weight:600;width:100%;padding:.8rem 1rem;border-radius:8px;border:2px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1d4ed8}button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}button:hover{filter:brightness(1.08)}
.note{color:#4b5563;font-size:.875rem;margin:.75rem 0 0}.status{padding:.75rem 1rem;border-radius:8px;background:#ecfdf5;color:#065f46;font-weight:600}.status.bad{background:#fef2f2;color:#991b1b}
a{color:#1d4ed8}@media (min-width:480px){dl{grid-template-columns:auto 1fr;gap:.5rem 1rem}dt{margin-top:0}}@media (min-width:768px){main{margin-top:4rem}.card{padding:2rem}}`;

function layout(lang: Lang, title: string, body: string) {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><header class="banner">${TEXT[lang].banner}</header><main><div class="card">${body}</div></main></body></html>`;
}

const button = (action: string, label: string, secondary = false) =>
  `<form method="post" action="${escapeHtml(action)}"><button type="submit"${secondary ? ' class="secondary"' : ""}>${escapeHtml(label)}</button></form>`;

const langOf = (locale: unknown): Lang => (locale === "en" ? "en" : "cs");

/** `?lang=` or the browser's first language we speak; Czech otherwise. */
function pageLang(query: string | undefined, acceptLanguage: string | undefined): Lang {
  if (query === "en" || query === "cs") return query;
  const first = (acceptLanguage ?? "").split(",")[0]?.trim().slice(0, 2);
  return first === "en" ? "en" : "cs";
}

/** The bank-transfer Checkout page's body: the account, amount, variable symbol and QR payment. */
async function bankTransferBody(
  lang: Lang,
  head: string,
  cs: StripeObject,
  iban: string,
  variableSymbol: string,
) {
  const t = TEXT[lang];
  const amount = cs.amount_total as number;
  const spayd = buildSpayd({
    iban,
    amountMinor: amount,
    variableSymbol,
    message: String(cs.product_name ?? ""),
  });
  const qr = await spaydQrSvg(spayd);
  const ibanText = iban.replace(/(.{4})(?=.)/g, "$1 ");
  return `${head}<p>${t.bankIntro}</p><dl><dt>${t.iban}</dt><dd>${ibanText}</dd><dt>${t.amount}</dt><dd>${money(amount, lang)}</dd><dt>${t.vs}</dt><dd data-testid="variable-symbol">${variableSymbol}</dd></dl>
<figure class="qr" role="img" aria-label="${t.qr}" data-spayd="${escapeHtml(spayd)}">${qr}<p>${t.qr}</p></figure>
<div class="actions">${button(`/pay/${cs.id}/received`, t.received)}</div><p class="note">${t.receivedNote}</p>`;
}

/** The onboarding page's body: who is verified, and the button that stands for the check. */
function onboardingBody(lang: Lang, linkId: string, account: StripeObject) {
  const t = TEXT[lang];
  const done = account.payouts_enabled ? `<p class="status" role="status">${t.verified}</p>` : "";
  const email = escapeHtml(String(account.email ?? "—"));
  return `<h1>${t.onboardTitle}</h1><p class="what">${t.onboardIntro}</p><dl><dt>${t.email}</dt><dd>${email}</dd></dl>${done}
<div class="actions">${button(`/onboard/${linkId}/verify`, t.verify)}</div>`;
}

/** The buyer's (or the bank's) action, then back to the shop as Stripe's Checkout does. */
function act(model: Model, store: Store, action: "pay" | "decline" | "received") {
  return (c: Context) => {
    const s = store.state;
    const id = c.req.param("id") ?? "";
    const cs = s.sessions[id];
    if (!cs) return c.text("Not found", 404);
    try {
      if (action === "pay") model.paySession(id);
      else if (action === "received") model.receiveSession(id);
      else model.declineSession(id);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      return c.redirect(`/pay/${id}`, 303);
    }
    store.save();
    const target =
      action === "decline" ? ((cs.cancel_url as string | null) ?? `/pay/${id}`) : String(cs.success_url);
    return c.redirect(target.replaceAll("{CHECKOUT_SESSION_ID}", id), 303);
  };
}

export function createPages({ model, store, iban }: { model: Model; store: Store; iban: string }) {
  const pages = new Hono();
  const s = store.state;

  pages.get("/pay/:id", async (c) => {
    const cs = s.sessions[c.req.param("id")];
    if (!cs) return c.html(layout("cs", TEXT.cs.notFound, `<h1>${TEXT.cs.notFound}</h1>`), 404);
    const lang = langOf(cs.locale);
    const t = TEXT[lang];
    const id = cs.id;
    const amount = cs.amount_total as number;
    const head = `<h1>${t.title}</h1><p class="what">${escapeHtml(String(cs.product_name ?? ""))}</p><p class="total" aria-label="${t.amount}">${money(amount, lang)}</p>`;
    if (cs.status === "complete") {
      const back = String(cs.success_url).replaceAll("{CHECKOUT_SESSION_ID}", id);
      return c.html(
        layout(
          lang,
          t.paid,
          `${head}<p class="status" role="status">${t.paid}</p><p><a href="${escapeHtml(back)}">${t.back}</a></p>`,
        ),
      );
    }
    if (cs.status !== "open")
      return c.html(layout(lang, t.expired, `${head}<p class="status bad" role="status">${t.expired}</p>`));
    if ((cs.payment_method_types as string[])[0] === "card") {
      const pi = typeof cs.payment_intent === "string" ? s.paymentIntents[cs.payment_intent] : undefined;
      const declined = pi?.last_payment_error ? `<p class="status bad" role="alert">${t.declined}</p>` : "";
      return c.html(
        layout(
          lang,
          t.title,
          `${head}${declined}<div class="actions">${button(`/pay/${id}/pay`, t.pay)}${button(`/pay/${id}/decline`, t.decline, true)}</div><p class="note">${t.cardNote}</p>`,
        ),
      );
    }
    const variableSymbol = model.sessionExtras(id)?.variableSymbol ?? "";
    return c.html(layout(lang, t.title, await bankTransferBody(lang, head, cs, iban, variableSymbol)));
  });

  pages.post("/pay/:id/pay", act(model, store, "pay"));
  pages.post("/pay/:id/decline", act(model, store, "decline"));
  pages.post("/pay/:id/received", act(model, store, "received"));

  pages.get("/onboard/:link", (c) => {
    const lang = pageLang(c.req.query("lang"), c.req.header("accept-language"));
    const t = TEXT[lang];
    const link = s.accountLinks[c.req.param("link")];
    const account = link ? s.accounts[link.account] : undefined;
    if (!link || !account) return c.html(layout(lang, t.notFound, `<h1>${t.notFound}</h1>`), 404);
    return c.html(layout(lang, t.onboardTitle, onboardingBody(lang, link.id, account)));
  });

  pages.post("/onboard/:link/verify", (c) => {
    const link = s.accountLinks[c.req.param("link")];
    if (!link) return c.text("Not found", 404);
    model.verifyAccount(link.account);
    store.save();
    return c.redirect(link.returnUrl, 303);
  });

  return pages;
}
