import { useFetcher } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useShellData } from "#app/ui/live-counts.ts";
import { localePath } from "#core/i18n/paths.ts";

/**
 * "Report" under a review on a public profile: signed-in users other than its author send it to
 * the operator (the reviews page's action, without leaving the profile).
 */
export function ReportReview({ reviewId, authorId }: { reviewId: number; authorId: number | null }) {
  const { t, locale } = useTranslation();
  const user = useShellData()?.user ?? null;
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  if (!user || user.id === authorId) return null;
  if (fetcher.data)
    return (
      <span className="text-xs text-muted" role="status" data-testid="review-reported">
        {fetcher.data.message}
      </span>
    );
  return (
    <fetcher.Form method="post" action={localePath("accountReviews", locale)}>
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <button
        type="submit"
        className="text-xs text-muted underline underline-offset-2 hover:text-danger"
        data-testid="review-report"
        onClick={(event) => {
          if (!window.confirm(t("reviews.reportConfirm"))) event.preventDefault();
        }}
      >
        {t("reviews.report")}
      </button>
    </fetcher.Form>
  );
}
