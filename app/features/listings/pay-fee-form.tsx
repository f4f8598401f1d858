import { Form } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { localePath } from "#core/i18n/paths.ts";

/** "Pay the fee": posts to My listings' action, which opens the fee's order page. Used there and on the confirmation page. */
export function PayFeeForm({
  listingId,
  busy,
  className,
}: {
  listingId: number;
  busy: boolean;
  className: string;
}) {
  const { t, locale } = useTranslation();
  return (
    // A flex form: its button stretches like the links beside it in a row.
    <Form method="post" action={localePath("accountAdvertisements", locale)} className="flex">
      <input type="hidden" name="id" value={listingId} />
      <button
        type="submit"
        name="intent"
        value="pay"
        disabled={busy}
        className={className}
        data-testid="my-listing-pay"
      >
        {t("listings.mine.pay")}
      </button>
    </Form>
  );
}
