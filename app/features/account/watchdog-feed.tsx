import { useId } from "react";
import { Form } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { showSnackbar } from "#app/ui/feedback/snackbar-store.ts";

/**
 * A search watchdog's feed address, shown whole (a feed reader takes it pasted), with a copy button,
 * the feed itself, and the button that replaces it (the old one then answers 404).
 */
export function WatchdogFeed({ id, url }: { id: number; url: string }) {
  const { t } = useTranslation();
  const fieldId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      showSnackbar({ type: "success", text: t("feeds.watchdog.copied") });
    } catch {
      showSnackbar({ type: "danger", text: t("feeds.share.failed") });
    }
  }

  return (
    <div className="mt-3 max-w-xl text-sm" data-testid="watchdog-feed">
      <label htmlFor={fieldId} className="font-semibold">
        {t("feeds.watchdog.address")}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input
          id={fieldId}
          type="text"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-10 w-full min-w-0 flex-1 rounded border border-line bg-light px-2 font-mono text-xs text-ink"
          data-testid="watchdog-feed-address"
        />
        <button
          type="button"
          onClick={() => void copy()}
          className="min-h-10 shrink-0 rounded border border-primary-dark px-3 font-semibold text-primary-dark hover:bg-primary-dark/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark"
          data-testid="watchdog-feed-copy"
        >
          {t("feeds.watchdog.copy")}
        </button>
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-x-3">
        <a
          href={url}
          className="inline-flex min-h-10 items-center font-semibold text-primary-dark underline"
          data-testid="watchdog-feed-link"
        >
          {t("feeds.watchdog.feed")}
        </a>
        <Form method="post" className="inline">
          <input type="hidden" name="intent" value="resetFeed" />
          <input type="hidden" name="id" value={id} />
          <button
            type="submit"
            className="min-h-10 rounded font-semibold text-muted underline hover:text-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark"
            data-testid="watchdog-feed-reset"
          >
            {t("feeds.watchdog.reset")}
          </button>
        </Form>
      </div>
      <p className="mt-1 text-muted">{t("feeds.watchdog.feedHint")}</p>
    </div>
  );
}
