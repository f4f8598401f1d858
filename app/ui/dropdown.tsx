import {
  type KeyboardEvent,
  type FocusEvent as ReactFocusEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import { focusableWithin } from "./focus.ts";

export type DropdownTriggerProps = {
  ref: RefObject<HTMLButtonElement | null>;
  type: "button";
  "aria-expanded": boolean;
  "aria-controls": string;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
};

export type DropdownProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Renders the toggle button; spread the given props on a <button>. */
  trigger: (props: DropdownTriggerProps) => ReactNode;
  children: ReactNode;
  className?: string;
  panelClassName?: string;
  /** Where focus goes when the panel opens: its first control, a given element, or nowhere (default). */
  initialFocus?: "first" | "none" | RefObject<HTMLElement | null>;
  /** Arrow Up/Down, Home and End move between the panel's links and buttons (menus, not forms). */
  arrowKeys?: boolean;
  "data-testid"?: string;
};

/** The item Arrow Down/Up, Home or End moves to among the panel's items; undefined for other keys. */
function itemForKey(key: string, items: HTMLElement[]): HTMLElement | undefined {
  const index = items.indexOf(document.activeElement as HTMLElement);
  if (key === "ArrowDown") return items[(index + 1) % items.length];
  if (key === "ArrowUp") return items[(index - 1 + items.length) % items.length];
  if (key === "Home") return items[0];
  if (key === "End") return items[items.length - 1];
  return undefined;
}

/**
 * The dropdown's focus while it is open: remembers what opened it (Escape returns focus there, or
 * to the trigger when the opener is gone), moves focus into the panel as asked, and closes on a
 * pointer down outside or on Escape anywhere in the document.
 */
function useDropdownFocus(
  open: boolean,
  onOpenChange: (open: boolean) => void,
  initialFocus: NonNullable<DropdownProps["initialFocus"]>,
) {
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;
  const initialFocusRef = useRef(initialFocus);
  initialFocusRef.current = initialFocus;

  const closeAndRestore = () => {
    onOpenChangeRef.current(false);
    const opener = openerRef.current;
    (opener?.isConnected && opener.getClientRects().length > 0 ? opener : triggerRef.current)?.focus();
  };
  const closeRef = useRef(closeAndRestore);
  closeRef.current = closeAndRestore;

  useEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    openerRef.current =
      active instanceof HTMLElement && active !== document.body && !panelRef.current?.contains(active)
        ? active
        : triggerRef.current;

    const wanted = initialFocusRef.current;
    const target =
      wanted === "first"
        ? focusableWithin(panelRef.current)[0]
        : typeof wanted === "object"
          ? wanted.current
          : null;
    target?.focus();

    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onOpenChangeRef.current(false);
    };
    // Escape while focus sits outside the dropdown (e.g. on the control that opened it).
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) {
        event.preventDefault();
        closeRef.current();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onDocumentKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onDocumentKeyDown);
    };
  }, [open]);

  return { rootRef, triggerRef, panelRef, closeRef };
}

/**
 * A disclosure dropdown (button + panel, the WAI disclosure pattern): the trigger carries
 * aria-expanded/aria-controls, the panel follows it in the DOM so Tab walks from the trigger into
 * the panel. Escape closes and returns focus to whatever opened it (the trigger, or another
 * control that opened it programmatically); a click outside or focus leaving closes it quietly.
 * Arrow Down on the trigger opens it and focuses the first item. The panel stays in the DOM while
 * closed (hidden), so a half-typed form survives closing; it is drawn when the dropdown first
 * opens, not into every page's HTML (issue 18: the header's closed panels were some 20 elements of
 * every page's server render, and they open only with scripts).
 */
/** A key pressed inside an open dropdown: Escape closes it; with arrowKeys, arrows move between its items. */
function handleOpenPanelKey(
  event: KeyboardEvent<HTMLDivElement>,
  panel: HTMLElement | null,
  arrowKeys: boolean,
  close: () => void,
) {
  if (event.key === "Escape") {
    // Handled here so an enclosing modal (the mobile menu) stays open.
    event.preventDefault();
    event.stopPropagation();
    event.nativeEvent.stopImmediatePropagation();
    close();
    return;
  }
  if (!arrowKeys || !panel?.contains(event.target as Node)) return;
  const next = itemForKey(event.key, focusableWithin(panel));
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

export function Dropdown({
  open,
  onOpenChange,
  trigger,
  children,
  className = "relative",
  panelClassName = "",
  initialFocus = "none",
  arrowKeys = false,
  "data-testid": testId,
}: DropdownProps) {
  const { rootRef, triggerRef, panelRef, closeRef } = useDropdownFocus(open, onOpenChange, initialFocus);
  const panelId = useId();
  const [drawn, setDrawn] = useState(open);
  if (open && !drawn) setDrawn(true);

  const onRootKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (open) handleOpenPanelKey(event, panelRef.current, arrowKeys, () => closeRef.current());
  };

  const onRootBlur = (event: ReactFocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (open && next instanceof Node && !rootRef.current?.contains(next)) onOpenChange(false);
  };

  const triggerProps: DropdownTriggerProps = {
    ref: triggerRef,
    type: "button",
    "aria-expanded": open,
    "aria-controls": panelId,
    onClick: () => onOpenChange(!open),
    onKeyDown: (event) => {
      if (event.key === "ArrowDown" && arrowKeys) {
        event.preventDefault();
        // Opened and drawn before this handler returns, so the first item takes the focus here and
        // now, not in an effect that a busy page runs later (a browser test under load once found
        // the list open and the focus still on the trigger).
        if (!open) flushSync(() => onOpenChange(true));
        focusableWithin(panelRef.current)[0]?.focus();
      }
    },
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard handling for the controls inside
    <div
      ref={rootRef}
      className={className}
      onKeyDown={onRootKeyDown}
      onBlur={onRootBlur}
      data-testid={testId}
    >
      {trigger(triggerProps)}
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        data-open={open ? "" : undefined}
        className={`transition-[opacity,translate,display] transition-discrete duration-150 starting:-translate-y-1 starting:opacity-0 ${panelClassName}`}
      >
        {drawn ? children : null}
      </div>
    </div>
  );
}
