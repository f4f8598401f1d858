import { type RefObject, type SyntheticEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { MenuLink } from "#app/shell.ts";
import { useBodyScrollLock, useFocusTrap } from "#app/ui/focus.ts";
import { BAR_ICON_BUTTON } from "#app/ui/focus-and-avatar.ts";
import { CloseIcon, MenuIcon } from "#app/ui/icons.tsx";
import { lazyPart, ShownPart } from "#app/ui/lazy-part.tsx";

/**
 * The menu's content (./mobile-menu-content.tsx) loads apart: when the burger is first reached
 * (pointer, touch, focus) or pressed, not with every page (issue 18).
 */
const MobileMenuContentPart = lazyPart(() =>
  import("./mobile-menu-content.tsx").then((module) => module.MobileMenuContent),
);
function preloadContent() {
  void MobileMenuContentPart.preload();
}

type BurgerProps = {
  open: boolean;
  onToggle: () => void;
  menuId: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
};

/** The burger (below 1028 px): toggles the mobile menu; carries `is-active` while it is open. */
export function BurgerButton({ open, onToggle, menuId, buttonRef }: BurgerProps) {
  const { t } = useTranslation();
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-expanded={open}
      aria-controls={menuId}
      onClick={onToggle}
      onPointerEnter={preloadContent}
      onPointerDown={preloadContent}
      onFocus={preloadContent}
      className={`${BAR_ICON_BUTTON} -ml-2 desktop:hidden ${open ? "is-active" : ""}`}
      data-testid="burger"
    >
      {open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
      <span className="sr-only">{open ? t("header.closeMenu") : t("header.openMenu")}</span>
    </button>
  );
}

type MobileMenuProps = {
  id: string;
  open: boolean;
  onClose: () => void;
  topMenu: MenuLink[];
  /** Focus goes back here when the menu closes. */
  returnFocusRef: RefObject<HTMLElement | null>;
};

/**
 * Shows the dialog as a modal while `open`, with the focus on its close button (not the search
 * box: focusing an input would pop up the phone's keyboard), and gives the focus back to
 * `returnFocusRef` when it closes.
 */
function useMenuDialog(open: boolean, returnFocusRef: RefObject<HTMLElement | null>) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useFocusTrap(dialogRef, open);
  useBodyScrollLock(open);

  const wasOpen = useRef(false);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>("[data-menu-close]")?.focus();
    } else if (!open && dialog.open) dialog.close();
    if (wasOpen.current && !open) returnFocusRef.current?.focus();
    wasOpen.current = open;
  }, [open, returnFocusRef]);
  return dialogRef;
}

/**
 * The mobile menu (docs/product/screens.md, "Parts of every page": search, the category tree, the top
 * menu and languages; here also the currency, which the bar has no room for below 1028 px). A modal
 * dialog sliding in from the left: the page behind is inert and does not scroll, focus stays inside,
 * Escape closes, focus returns to the burger.
 */
export function MobileMenu({ id, open, onClose, topMenu, returnFocusRef }: MobileMenuProps) {
  const dialogRef = useMenuDialog(open, returnFocusRef);
  const titleId = useId();
  // The menu's content (search, the category tree's some 70 links, the top menu, language and
  // currency: some 75 elements) is drawn once the menu is first opened, not into every page's HTML
  // (issue 18: each element costs the server render): the menu only opens with scripts, and the
  // page's own header carries the same parts from tablet and desktop up. Its code loads then too.
  const [drawn, setDrawn] = useState(open);
  if (open && !drawn) setDrawn(true);

  // The browser's own Escape handling would close the dialog behind React's back.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click has Escape and the close button as keyboard twins
    <dialog
      ref={dialogRef}
      id={id}
      aria-labelledby={drawn ? titleId : undefined}
      onCancel={onCancel}
      // The browser may still close it itself (Escape without user activation); keep React in step.
      onClose={() => {
        if (open) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (outside the panel) closes.
        if (event.target === dialogRef.current) onClose();
      }}
      className={`m-0 h-dvh max-h-none w-[min(25rem,100vw)] max-w-none overflow-hidden border-0 bg-transparent p-0 text-ink backdrop:bg-ink/55 backdrop:backdrop-blur-[2px] ${open ? "is-active" : ""}`}
      data-testid="mobile-menu"
    >
      <ShownPart shown={open} part={MobileMenuContentPart} props={{ titleId, onClose, topMenu }} />
    </dialog>
  );
}
