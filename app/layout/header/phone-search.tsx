import { type RefObject, useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { BAR_ICON_BUTTON } from "#app/ui/focus-and-avatar.ts";
import { CloseIcon, SearchIcon } from "#app/ui/icons.tsx";
import { SearchBox } from "./search-box.tsx";

type PhoneSearchProps = {
  /** The header calls this ref's function to close the field (after a navigation). */
  closeRef?: RefObject<(() => void) | null>;
};

/**
 * The header's search below the desktop width (issue 14, item 4): a search button in the bar that
 * opens the search field in a row under the header, focused, so a phone visitor is one tap away
 * from typing. A <details> disclosure: it opens without scripts too (then the field is a plain GET
 * form to the search page), and the scripts add the focus, Escape and a click outside to close.
 */
export function PhoneSearch({ closeRef }: PhoneSearchProps) {
  const { t } = useTranslation();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);

  const close = () => {
    const details = detailsRef.current;
    if (details?.open) details.open = false;
  };
  if (closeRef) closeRef.current = close;

  // While open: a click or tap outside the button and the field closes it, and so does Escape
  // (after the suggestions list, which takes Escape first and then prevents the default).
  useEffect(() => {
    if (!open) return;
    const details = detailsRef.current;
    const onPointerDown = (event: PointerEvent) => {
      if (details && !details.contains(event.target as Node)) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || !details?.open) return;
      if (!details.contains(document.activeElement)) return;
      event.preventDefault();
      details.open = false;
      summaryRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  return (
    <details
      ref={detailsRef}
      className="group desktop:hidden"
      data-testid="phone-search"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a <summary> is the details' own button (keyboard and screen readers included); the click only adds the focus */}
      <summary
        ref={summaryRef}
        className={`${BAR_ICON_BUTTON} cursor-pointer list-none group-open:bg-white/10 [&::-webkit-details-marker]:hidden`}
        data-testid="search-toggle"
        onClick={(event) => {
          // Opened here, in the tap itself, so the field can take the focus (and a phone shows
          // its keyboard: focus from a later event would not).
          const details = detailsRef.current;
          if (!details) return;
          event.preventDefault();
          details.open = !details.open;
          if (details.open) details.querySelector<HTMLInputElement>("input[name=q]")?.focus();
        }}
      >
        <SearchIcon className="size-[1.3rem] group-open:hidden" />
        <CloseIcon className="hidden size-6 group-open:block" />
        <span className="sr-only">{t("header.searchToggle")}</span>
      </summary>
      <div className="absolute inset-x-0 top-full border-t border-white/10 bg-primary-dark shadow-[0_12px_24px_-12px_rgb(0_0_0/0.55)]">
        <div className="container-page py-3">
          <SearchBox variant="phone" className="w-full" onSubmit={() => close()} />
        </div>
      </div>
    </details>
  );
}
