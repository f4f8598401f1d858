import { type ReactNode, useEffect, useRef } from "react";
import { useHydrated } from "./use-hydrated.ts";

type ModalDialogProps = {
  open: boolean;
  /** Called when the visitor dismisses the dialog (Escape, backdrop click) while it is dismissible. */
  onClose?: () => void;
  /** False for dialogs that need an answer (the age gate): Escape and backdrop clicks do nothing. */
  dismissible?: boolean;
  labelledBy: string;
  describedBy?: string;
  className?: string;
  /** Border, background and text colours of the panel. */
  surfaceClassName?: string;
  testId?: string;
  /**
   * Also drawn open in the server HTML, before the scripts can call showModal(): the panel stands
   * centred over a full-screen backdrop that takes every click (the age gate).
   */
  serverOpen?: boolean;
  children: ReactNode;
};

/**
 * A modal built on the native <dialog> element opened with showModal(): the rest of the page is
 * inert, focus stays inside (keyboard users Tab around the dialog's controls), Escape closes it
 * when allowed, and focus returns to where it was when it closes.
 */
export function ModalDialog({
  open,
  onClose,
  dismissible = true,
  labelledBy,
  describedBy,
  className = "",
  surfaceClassName = "border-line bg-light text-ink",
  testId,
  serverOpen = false,
  children,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  // Until hydration a closed <dialog> (no open attribute: showModal() must be able to open it
  // later) is styled as a fixed, centred panel; the effect below makes it a real modal.
  const prerendered = serverOpen && open && !hydrated;
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      document.documentElement.classList.add("overflow-hidden");
    } else if (!open && dialog.open) {
      dialog.close();
    }
    if (!open) document.documentElement.classList.remove("overflow-hidden");
  }, [open]);

  useEffect(
    () => () => {
      if (ref.current?.open) document.documentElement.classList.remove("overflow-hidden");
    },
    [],
  );

  return (
    <>
      {prerendered ? (
        <div
          aria-hidden="true"
          className="fixed inset-0 z-[100] bg-ink/85 backdrop-blur-[2px]"
          data-testid={testId ? `${testId}-backdrop` : undefined}
        />
      ) : null}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the click closes on the backdrop only; keyboard users close with Escape (onCancel). */}
      <dialog
        ref={ref}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-modal="true"
        data-testid={testId}
        onCancel={(event) => {
          event.preventDefault();
          if (dismissible) onClose?.();
        }}
        onClose={() => {
          // Some browsers close a dialog on a repeated Escape even when cancel is prevented:
          // a dialog that still should be open (the age gate) opens again.
          const dialog = ref.current;
          if (openRef.current && dialog && !dialog.open) {
            if (dismissible) onClose?.();
            else dialog.showModal();
          }
        }}
        onClick={(event) => {
          if (dismissible && event.target === event.currentTarget) onClose?.();
        }}
        className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] overflow-auto rounded-xl border p-0 shadow-2xl backdrop:bg-ink/60 backdrop:backdrop-blur-[2px] transition-[opacity,translate] duration-200 ease-out starting:open:translate-y-3 starting:open:opacity-0 ${surfaceClassName} ${className} ${prerendered ? "fixed inset-0 z-[101] block h-fit" : ""}`}
      >
        {children}
      </dialog>
    </>
  );
}
