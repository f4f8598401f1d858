import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import type { ListingFieldValues } from "#core/schemas/listing-form.ts";
import { fromPragueLocalInput } from "#core/time/prague.ts";
import { Choice, Errors, Field, inputClass, LockedValue, Section } from "./listing-form-parts.tsx";
import type { ListingChoices, ListingFormErrors } from "./listing-form-types.ts";

/** What every section of the listing form gets: the values to start from, the errors, the locks, the live choices. */
export type SectionProps = {
  values: ListingFieldValues;
  errors: ListingFormErrors;
  afterBid: boolean;
  released: boolean;
  choices: ListingChoices;
  /** Without scripts every part shows: the choices cannot hide what they do not apply to. */
  show: (applies: boolean) => boolean;
};

/**
 * The price or "by agreement", the reserve and the auction's length: an offer with a price is an
 * auction from it or a classified at that fixed price (issue 35: "Koupit" when it opts in).
 */
export function PriceSection({ values, errors, afterBid, released, choices, show }: SectionProps) {
  const { t } = useTranslation();
  const demand = choices.type === "demand";
  const auction = !demand && choices.priceMode === "price";
  const fixed = !demand && choices.priceMode === "fixed";
  return (
    <Section title={t("listings.form.sectionPrice")} testId="price">
      <LockedValue name="priceMode" value={values.priceMode} locked={afterBid || released} />
      <Choice
        legend={t("listings.form.priceLegend")}
        name="priceMode"
        value={choices.priceMode}
        onChange={choices.setPriceMode}
        disabled={afterBid || released}
        options={[
          {
            value: "price",
            label: demand ? t("listings.form.priceModePrice") : t("listings.form.priceModePriceAuction"),
          },
          ...(demand
            ? []
            : [
                {
                  value: "fixed",
                  label: t("dealBuy.form.priceModeFixed"),
                  hint: t("dealBuy.form.priceModeFixedHint"),
                },
              ]),
          {
            value: "agreement",
            label: t("listings.form.priceModeAgreement"),
            hint: demand ? undefined : t("listings.form.priceModeAgreementHint"),
          },
        ]}
      />
      {show(choices.priceMode === "price" || fixed) ? (
        <PriceFields
          values={values}
          errors={errors}
          afterBid={afterBid}
          demand={demand}
          auction={show(auction)}
          fixed={fixed}
        />
      ) : (
        <Errors id="price-errors" messages={errors.price} />
      )}
      {show(auction) ? (
        <>
          <LockedValue name="duration" value={values.duration} locked={afterBid || released} />
          <Choice
            legend={t("listings.form.duration")}
            name="duration"
            value={choices.duration}
            onChange={choices.setDuration}
            disabled={afterBid || released}
            errors={errors.duration}
            options={[
              {
                value: "week",
                label: t("listings.form.durationWeek"),
                hint: t("listings.form.durationWeekHint"),
              },
              {
                value: "month",
                label: t("listings.form.durationMonth"),
                hint: t("listings.form.durationMonthHint"),
              },
            ]}
          />
        </>
      ) : null}
    </Section>
  );
}

function PriceFields({
  values,
  errors,
  afterBid,
  demand,
  auction,
  fixed,
}: Pick<SectionProps, "values" | "errors" | "afterBid"> & {
  demand: boolean;
  auction: boolean;
  fixed: boolean;
}) {
  const { t } = useTranslation();
  const [label, hint] = demand
    ? [t("listings.form.demandPrice"), t("listings.form.demandPriceHint")]
    : fixed
      ? [t("dealBuy.form.fixedPrice"), t("dealBuy.form.fixedPriceHint")]
      : [t("listings.form.startPrice"), t("listings.form.startPriceHint")];
  return (
    <div className="grid gap-5 tablet:grid-cols-2">
      <Field label={label} required={!demand} hint={hint} errors={errors.price}>
        {(props) => (
          <input
            {...props}
            name="price"
            defaultValue={values.price}
            inputMode="decimal"
            autoComplete="off"
            disabled={afterBid}
            className={inputClass}
            data-testid="field-price"
          />
        )}
      </Field>
      <LockedValue name="price" value={values.price} locked={afterBid} />
      {auction ? (
        <AuctionPriceField
          name="reservePrice"
          label={t("listings.form.reservePrice")}
          hint={t("listings.form.reservePriceHint")}
          value={values.reservePrice}
          errors={errors.reservePrice}
          afterBid={afterBid}
          testId="field-reserve"
        />
      ) : null}
      {auction ? (
        <AuctionPriceField
          name="buyNowPrice"
          label={t("listings.form.buyNowPrice")}
          hint={t("listings.form.buyNowPriceHint")}
          value={values.buyNowPrice}
          errors={errors.buyNowPrice}
          afterBid={afterBid}
          testId="field-buy-now"
        />
      ) : null}
    </div>
  );
}

/**
 * An auction's optional price beside the start price (the reserve, the buy-it-now price): typed in
 * crowns, locked after the first bid, when its stored value is posted in its place.
 */
function AuctionPriceField({
  name,
  label,
  hint,
  value,
  errors,
  afterBid,
  testId,
}: {
  name: "reservePrice" | "buyNowPrice";
  label: string;
  hint: string;
  value: string;
  errors?: string[];
  afterBid: boolean;
  testId: string;
}) {
  return (
    <>
      <Field label={label} hint={hint} errors={errors}>
        {(props) => (
          <input
            {...props}
            name={name}
            defaultValue={value}
            inputMode="decimal"
            autoComplete="off"
            disabled={afterBid}
            className={inputClass}
            data-testid={testId}
          />
        )}
      </Field>
      <LockedValue name={name} value={value} locked={afterBid} />
    </>
  );
}

/** When the listing goes live: at once or at a planned time; once released, when it did. */
export function StartSection({
  values,
  errors,
  released,
  choices,
  show,
  minActivation,
}: SectionProps & { minActivation: string }) {
  const { t, locale } = useTranslation();
  const startedAt = values.activationLocal
    ? fromPragueLocalInput(values.activationLocal)?.getTime()
    : undefined;
  if (released)
    return (
      <Section title={t("listings.form.sectionStart")} testId="start">
        <p data-testid="start-fixed">
          {startedAt
            ? t(startedAt > Date.now() ? "listings.form.startsOn" : "listings.form.startedOn", {
                date: formatDate(new Date(startedAt).toISOString(), locale, true),
              })
            : t("listings.form.activationNow")}
        </p>
      </Section>
    );
  return (
    <Section title={t("listings.form.sectionStart")} testId="start">
      <Choice
        legend={t("listings.form.activationLegend")}
        name="activation"
        value={choices.activation}
        onChange={choices.setActivation}
        options={[
          {
            value: "now",
            label: t("listings.form.activationNow"),
            hint: t("listings.form.activationNowHint"),
          },
          { value: "later", label: t("listings.form.activationLater") },
        ]}
      />
      {show(choices.activation === "later") ? (
        <Field label={t("listings.form.activationLocal")} errors={errors.activationLocal}>
          {(props) => (
            <input
              {...props}
              type="datetime-local"
              name="activationLocal"
              defaultValue={values.activationLocal}
              min={minActivation}
              className={`${inputClass} tablet:max-w-xs`}
              data-testid="field-activation"
            />
          )}
        </Field>
      ) : (
        <Errors id="activation-errors" messages={errors.activationLocal} />
      )}
    </Section>
  );
}
