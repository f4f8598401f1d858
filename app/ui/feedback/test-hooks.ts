import { useEffect } from "react";
import { closeGlobalModal, openGlobalModal } from "./modal-store.ts";
import { showSnackbar } from "./snackbar-store.ts";
import { useShell } from "./use-shell.ts";

/** What the browser tests can call (window.__raritaTest) to open the frame's overlays directly. */
export type RaritaTestHooks = {
  openGlobalModal: typeof openGlobalModal;
  closeGlobalModal: typeof closeGlobalModal;
  showSnackbar: typeof showSnackbar;
};

declare global {
  interface Window {
    __raritaTest?: RaritaTestHooks;
  }
}

/**
 * Exposes the global modal and the snackbars to the browser tests, so the frame's own behaviour
 * (unknown modal type, focus handling, durations) can be tested without a page that happens to
 * use them. Only when the server runs for the tests (shell.testHooks, E2E_DIAGNOSTICS=1).
 */
export function useTestHooks(): void {
  const enabled = useShell()?.testHooks === true;
  useEffect(() => {
    if (!enabled) return;
    window.__raritaTest = { openGlobalModal, closeGlobalModal, showSnackbar };
    return () => {
      delete window.__raritaTest;
    };
  }, [enabled]);
}
