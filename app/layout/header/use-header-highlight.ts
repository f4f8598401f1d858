import { type RefObject, useEffect, useState } from "react";

/**
 * The header is highlighted once the page scrolls past its height minus 75 px
 * (docs/product/screens.md, "Parts of every page").
 */
export const HIGHLIGHT_OFFSET = 75;

/** True while the page is scrolled past (header height − 75 px). */
export function useScrolledPastHeader(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let height = element.offsetHeight;
    let frame = 0;
    const update = () => {
      frame = 0;
      setScrolled(window.scrollY > Math.max(0, height - HIGHLIGHT_OFFSET));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const observer = new ResizeObserver(() => {
      height = element.offsetHeight;
      onScroll();
    });
    observer.observe(element);
    window.addEventListener("scroll", onScroll, { passive: true });
    update();
    return () => {
      observer.disconnect();
      window.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ref]);
  return scrolled;
}

/** True while the pointer is over the element. */
export function useHovered(ref: RefObject<HTMLElement | null>): boolean {
  const [hovered, setHovered] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    element.addEventListener("mouseenter", enter);
    element.addEventListener("mouseleave", leave);
    return () => {
      element.removeEventListener("mouseenter", enter);
      element.removeEventListener("mouseleave", leave);
    };
  }, [ref]);
  return hovered;
}

/**
 * Highlighted when scrolled past (height − 75 px), or when hovered (docs/product/screens.md, "Parts of
 * every page").
 */
export function useHeaderHighlight(ref: RefObject<HTMLElement | null>): boolean {
  const scrolled = useScrolledPastHeader(ref);
  const hovered = useHovered(ref);
  return scrolled || hovered;
}
