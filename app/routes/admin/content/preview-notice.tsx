import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";

/**
 * What the editors' previews share (an article's, an info page's; docs/product/back-office.md,
 * "Content"): the answer's headers, so the page is never indexed nor kept by a cache, and the strip
 * above the public design saying it is a preview, with the way back to the editor.
 */
export function previewHeaders() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" };
}

export function PreviewNotice({ notice, editor }: { notice: string; editor: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="bg-secondary/15 py-2 text-center text-sm" data-testid="preview-notice">
      {notice}{" "}
      <Link to={editor} className="font-semibold text-primary-dark underline">
        {t("adminContent.common.backToEditor")}
      </Link>
    </div>
  );
}
