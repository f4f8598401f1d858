/**
 * Run inside the page (Playwright's `page.evaluate`, so it imports nothing): of `selectors`, the
 * ones that match an element of the first screen.
 *
 * The first screen: every element that is drawn and whose top is above the bottom of the window,
 * wherever it is across (a drawer moved off to the side, a skip link moved above the top are on
 * it: without their rules they would show), and every element hidden itself (`display: none`)
 * or without a box of its own (`display: contents`) whose parent is on it (without the rule that
 * hides it, it would show). What is inside a hidden
 * element is not: it shows only after an interaction, by when the whole sheet is there. Nor is
 * what a region drawn when near (`content-visibility: auto`, ADR 0152) skips: it is drawn when
 * scrolled to, by when the whole sheet is there too.
 *
 * A selector is matched without its pseudo-elements (`::before` styles its element's box) and as
 * written otherwise, so a state the page is not in at load (`:hover`, `:focus-visible`) does not
 * match. A selector the browser cannot read counts as matched: keeping a rule is never wrong.
 */
export function firstScreenSelectors(selectors: string[]): string[] {
  // Inside the function: the page gets its text alone.
  const HIDDEN_OR_BOXLESS = new Set(["none", "contents"]);
  const height = window.innerHeight;
  const onScreen = new Set<Element>();
  for (const element of document.querySelectorAll("*")) {
    const parent = element.parentElement;
    if (element.checkVisibility({ contentVisibilityAuto: true })) {
      if (element.getBoundingClientRect().top < height) onScreen.add(element);
    } else if (parent && onScreen.has(parent) && HIDDEN_OR_BOXLESS.has(getComputedStyle(element).display)) {
      onScreen.add(element);
    }
  }
  // The document's own elements are on every screen, drawn or not (head's display is none).
  onScreen.add(document.documentElement);
  // A pseudo-element becomes `:is(*)`, which keeps the selector valid where it stood alone.
  const pseudoElement =
    /::?(before|after|first-line|first-letter|placeholder|marker|selection|backdrop|file-selector-button|-webkit-[\w-]+|-moz-[\w-]+)(?![\w-])(\([^)]*\))?/g;
  const used: string[] = [];
  for (const selector of selectors) {
    const host = selector.replace(pseudoElement, ":is(*)");
    let matched: boolean;
    try {
      matched = [...document.querySelectorAll(host)].some((element) => onScreen.has(element));
    } catch {
      matched = true;
    }
    if (matched) used.push(selector);
  }
  return used;
}

/**
 * Run inside the page: how each element of the first screen looks (the part of its box in the
 * window, its colours, its type), by its place in the document, to compare the page with and
 * without the whole sheet.
 */
export function firstScreenLook(): Record<string, string> {
  const height = window.innerHeight;
  const lines: Record<string, string> = {};
  const elements = [...document.querySelectorAll("body *")];
  elements.forEach((element, index) => {
    // Not what a region drawn when near skips (ADR 0152): it is not drawn.
    if (!element.checkVisibility({ contentVisibilityAuto: true })) return;
    const box = element.getBoundingClientRect();
    if (box.top >= height) return;
    const style = getComputedStyle(element);
    // What shows of it: a container that runs on below the window may end elsewhere.
    const bottom = Math.min(box.bottom, height);
    const look = [
      `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(bottom - box.y)}`,
      style.color,
      style.backgroundColor,
      style.backgroundImage.slice(0, 60),
      `${style.fontFamily.split(",")[0]} ${style.fontSize} ${style.fontWeight}`,
      style.borderTopWidth,
      style.borderTopColor,
      style.boxShadow.slice(0, 60),
      style.opacity,
      style.zIndex,
    ];
    lines[`${index} ${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 3).join(".")}`] =
      look.join(" | ");
  });
  return lines;
}
