import { useEffect, useRef } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from "../ui/feedback/icons.tsx";
import { dismissSnackbar, type SnackbarType, useSnackbarList } from "../ui/feedback/snackbar-store.ts";

const STYLE: Record<SnackbarType, { box: string; Icon: typeof InfoIcon }> = {
  success: { box: "bg-success text-white", Icon: CheckCircleIcon },
  danger: { box: "bg-danger text-white", Icon: AlertIcon },
  info: { box: "bg-primary-dark text-white", Icon: InfoIcon },
};

/**
 * Snackbars (docs/product/screens.md, "Parts of every page"): notices at the top of the page, 350
 * to 600 px wide, each with a type, a duration or indefinite. Errors are announced at once
 * (role="alert"), the others politely (role="status"). The stack lives in the top layer (a manual
 * popover), so it stays visible above an open modal dialog.
 */
export function Snackbars() {
  const { t } = useTranslation();
  const snackbars = useSnackbarList();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof element.showPopover !== "function") return;
    const shown = element.matches(":popover-open");
    if (snackbars.length === 0) {
      if (shown) element.hidePopover();
      return;
    }
    // Shown again when a modal dialog opened since, so the notices stay the topmost layer.
    if (shown && document.querySelector("dialog:modal")) element.hidePopover();
    if (!element.matches(":popover-open")) element.showPopover();
  }, [snackbars]);

  return (
    <div
      ref={ref}
      popover="manual"
      data-testid="snackbars"
      className="inset-auto top-3 left-1/2 m-0 w-[clamp(350px,45vw,600px)] max-w-[calc(100vw-1rem)] -translate-x-1/2 overflow-visible border-0 bg-transparent p-0"
    >
      <ul className="flex flex-col gap-2">
        {snackbars.map(({ id, type, text }) => {
          const { box, Icon } = STYLE[type];
          return (
            <li
              key={id}
              role={type === "danger" ? "alert" : "status"}
              aria-atomic="true"
              data-type={type}
              className={`flex items-start gap-3 rounded-lg py-3 pr-2 pl-4 shadow-xl ring-1 ring-black/10 starting:-translate-y-2 starting:opacity-0 transition-[opacity,translate] duration-200 ${box}`}
            >
              <Icon className="mt-0.5 size-5 shrink-0" />
              <p className="flex-1 py-0.5 text-[0.95rem] leading-snug">{text}</p>
              <button
                type="button"
                onClick={() => dismissSnackbar(id)}
                aria-label={t("common.close")}
                className="grid size-8 shrink-0 place-items-center rounded-full text-white/80 transition hover:bg-white/15 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
              >
                <CloseIcon className="size-4" />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
