// The offline page's script (app/pwa/offline-page.ts, ADR 0110): the language of the address the
// visitor asked for, and the listings this browser viewed lately (the key app/pwa/recent.ts writes).
(() => {
  const locale =
    window.location.pathname === "/en" || window.location.pathname.startsWith("/en/") ? "en" : "cs";
  document.documentElement.lang = locale;
  for (const main of document.querySelectorAll("main[data-locale]"))
    main.hidden = main.dataset.locale !== locale;
  const main = document.querySelector(`main[data-locale="${locale}"]`);
  main.querySelector(".retry").href = window.location.href;
  // recent.ts keeps the structured data's "12500 CZK": shown as the pages show prices.
  const formatPrice = (price) => {
    const parts = /^(\d+(?:\.\d+)?) ([A-Z]{3})$/.exec(price);
    if (!parts) return price;
    try {
      return new Intl.NumberFormat(locale === "en" ? "en-GB" : "cs-CZ", {
        style: "currency",
        currency: parts[2],
        maximumFractionDigits: Number(parts[1]) % 1 === 0 ? 0 : 2,
      }).format(Number(parts[1]));
    } catch {
      return price;
    }
  };
  let recent = [];
  try {
    recent = JSON.parse(window.localStorage.getItem("rarita:recently-viewed") || "[]");
  } catch {
    recent = [];
  }
  const list = main.querySelector(".recent");
  for (const item of Array.isArray(recent) ? recent : []) {
    if (typeof item?.url !== "string" || !item.url.startsWith("/") || typeof item.name !== "string") continue;
    const link = document.createElement("a");
    link.href = item.url;
    // A picture the worker never kept cannot load offline: a plain tile, not a broken image.
    const tile = document.createElement("span");
    tile.className = "tile";
    if (typeof item.image === "string" && item.image.startsWith("/")) {
      const image = document.createElement("img");
      image.alt = "";
      image.addEventListener("error", () => image.replaceWith(tile));
      image.src = item.image;
      link.append(image);
    } else link.append(tile);
    const text = document.createElement("span");
    const name = document.createElement("strong");
    name.textContent = item.name;
    text.append(name);
    if (typeof item.price === "string") {
      const price = document.createElement("span");
      price.className = "price";
      price.textContent = formatPrice(item.price);
      text.append(price);
    }
    link.append(text);
    const row = document.createElement("li");
    row.append(link);
    list.append(row);
  }
  main.querySelector(".none").hidden = list.childElementCount > 0;
})();
