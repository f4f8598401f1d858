import { useTranslation } from "#app/i18n/use-translation.ts";
import { showSnackbar } from "#app/ui/feedback/snackbar-store.ts";

/**
 * "Sdílet" on a listing (docs/product/visitor-basics.md, "Sharing"): the system's share sheet where
 * the browser has one (the Web Share API: phones, Safari, Edge), else the listing's address copied
 * to the clipboard with a word that it was. A closed share sheet is no failure and says nothing;
 * a clipboard the browser refuses says how to copy by hand. `url` is absolute (the site's origin).
 */
export function ShareButton({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();

  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: name, text: t("feeds.share.text", { name }), url });
      } catch {
        // Cancelled by the visitor (AbortError), or the sheet could not open: nothing to say.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      showSnackbar({ type: "success", text: t("feeds.share.copied") });
    } catch {
      showSnackbar({ type: "danger", text: t("feeds.share.failed") });
    }
  }

  return (
    <button
      type="button"
      onClick={() => void share()}
      className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold text-primary-dark hover:bg-primary-dark/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark"
      data-testid="share-button"
      data-print="hide"
    >
      <svg viewBox="0 0 24 24" className="icon size-5" aria-hidden="true">
        <circle cx="18" cy="5.5" r="2.5" />
        <circle cx="6" cy="12" r="2.5" />
        <circle cx="18" cy="18.5" r="2.5" />
        <path d="M8.2 10.8l7.6-4.1M8.2 13.2l7.6 4.1" />
      </svg>
      {t("feeds.share.button")}
    </button>
  );
}

/** The listing's address, printed under it (the screen never shows it): where the paper came from. */
export function PrintedFrom({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <p className="hidden text-sm print:block" data-testid="printed-from">
      {t("feeds.print.source")}: {url}
    </p>
  );
}
