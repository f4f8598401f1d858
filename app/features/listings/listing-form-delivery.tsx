import { useId } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { deliveryNameKey } from "#core/rules/delivery.ts";
import { type DealTermsFormValues, deliveryPriceField } from "#core/schemas/deal-terms-form.ts";
import { CARRIERS, type Carrier } from "#core/schemas/delivery.ts";
import { Errors, inputClass, Section } from "./listing-form-parts.tsx";
import type { SectionProps } from "./listing-form-sections.tsx";

/**
 * What the page gives the section: its values as typed or stored, and whether the listing is a
 * stored fixed-price classified (which may opt in to payment through the site).
 */
export type DealTermsSectionProps = { fixedClassified: boolean; values: Partial<DealTermsFormValues> };

/**
 * "Doručení a platba přes Raritu" (issue 35, ADR 0075): a checkbox per carrier with its price, personal
 * pickup with its town, and a fixed-price classified's opt-in. Shown only while deals through the
 * site are offered (the page decides) and never for a demand ad. After the first bid it is shown
 * but locked: the bidders bid with the all-in total these prices made, and the page keeps the
 * stored terms whatever is posted.
 */
export function DeliverySection({
  terms,
  errors,
  afterBid,
  choices,
  show,
  fixedClassified,
}: Omit<SectionProps, "values"> & { terms: Partial<DealTermsFormValues>; fixedClassified: boolean }) {
  const { t } = useTranslation();
  const legend = useId();
  if (!show(choices.type !== "demand")) return null;
  const auction = !fixedClassified && choices.priceMode === "price";
  // A stored fixed-price classified, or the form's "Pevná cena (inzerát)" (without scripts: always offered).
  const optIn = fixedClassified || show(choices.priceMode === "fixed");
  const ticked = new Set(terms.delivery ?? []);
  return (
    <Section title={t("listings.form.sectionDelivery")} testId="delivery">
      <p className="max-w-2xl text-muted">
        {auction ? t("listings.form.deliveryLeadAuction") : t("listings.form.deliveryLead")}
      </p>
      {afterBid ? (
        <p className="rounded-lg bg-primary/10 px-4 py-3 text-primary-dark" data-testid="delivery-locked">
          {t("listings.form.deliveryLockedAfterBid")}
        </p>
      ) : null}
      {optIn ? (
        <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3 has-[:checked]:border-primary-dark has-[:checked]:bg-primary-dark/5">
          <input
            type="checkbox"
            name="paysThroughSite"
            value="on"
            defaultChecked={terms.paysThroughSite === "on"}
            disabled={afterBid}
            className="mt-1 size-4 shrink-0 accent-primary-dark"
            data-testid="field-pays-through-site"
          />
          <span className="flex flex-col">
            <span className="font-semibold">{t("listings.form.paysThroughSite")}</span>
            <span className="text-sm text-muted">{t("listings.form.paysThroughSiteHint")}</span>
          </span>
        </label>
      ) : null}
      <fieldset aria-labelledby={legend} disabled={afterBid} className="flex flex-col gap-3">
        <p id={legend} className="font-medium">
          {t("listings.form.deliveryLegend")}
          {auction ? <span aria-hidden="true"> *</span> : null}
        </p>
        <Errors id={`${legend}-error`} messages={errors.delivery} />
        <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
          {CARRIERS.map((carrier) => (
            <CarrierRow
              key={carrier}
              name={t(deliveryNameKey(carrier))}
              carrier={carrier}
              ticked={ticked.has(carrier)}
              price={terms[deliveryPriceField(carrier)] ?? ""}
              errors={errors[deliveryPriceField(carrier)]}
            />
          ))}
          <PickupRow ticked={ticked.has("pickup")} town={terms.pickupTown ?? ""} errors={errors.pickupTown} />
        </ul>
      </fieldset>
    </Section>
  );
}

const rowClass = "group flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-3 py-2";
/** A carrier's row: its name takes what the price field leaves, so the field stays on its line on a phone. */
const carrierRowClass = "group grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-3 py-2";
const boxClass = "size-4 shrink-0 accent-primary-dark";
/** An unticked option's field is dimmed: it is read only once its box is ticked. */
const fieldClass = (width: string) =>
  `${inputClass.replace("w-full", width).replace("mt-1 ", "")} opacity-60 group-has-[:checked]:opacity-100 focus:opacity-100`;

/** Typing a price or a town ticks its option: the seller plainly means it. */
function tickOwnBox(event: { currentTarget: HTMLInputElement }) {
  const box = event.currentTarget.closest("li")?.querySelector<HTMLInputElement>("input[type=checkbox]");
  if (box && event.currentTarget.value.trim() !== "") box.checked = true;
}

function CarrierRow({
  name,
  carrier,
  ticked,
  price,
  errors,
}: {
  name: string;
  carrier: Carrier;
  ticked: boolean;
  price: string;
  errors?: string[];
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <li className={carrierRowClass}>
      <label className="flex min-h-11 min-w-0 cursor-pointer items-center gap-3 font-medium break-words">
        <input
          type="checkbox"
          name="delivery"
          value={carrier}
          defaultChecked={ticked}
          className={boxClass}
          data-testid={`delivery-${carrier}`}
        />
        {name}
      </label>
      {/* The unit inside the field, as in the bid box: a long carrier name keeps its room on a phone. */}
      <span className="relative">
        <input
          id={id}
          name={deliveryPriceField(carrier)}
          defaultValue={price}
          inputMode="decimal"
          autoComplete="off"
          aria-label={t("listings.form.deliveryPriceLabel", { carrier: name })}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${id}-error` : undefined}
          onChange={tickOwnBox}
          className={`${fieldClass("w-28")} pr-11 text-right`}
          data-testid={`delivery-price-${carrier}`}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted"
        >
          {t("listings.form.deliveryCurrency")}
        </span>
      </span>
      <div className="col-span-2 empty:hidden">
        <Errors id={`${id}-error`} messages={errors} />
      </div>
    </li>
  );
}

function PickupRow({ ticked, town, errors }: { ticked: boolean; town: string; errors?: string[] }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <li className={rowClass}>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium">
        <input
          type="checkbox"
          name="delivery"
          value="pickup"
          defaultChecked={ticked}
          className={boxClass}
          data-testid="delivery-pickup"
        />
        {t(deliveryNameKey("pickup"))}
      </label>
      <input
        id={id}
        name="pickupTown"
        defaultValue={town}
        maxLength={80}
        autoComplete="address-level2"
        placeholder={t("listings.form.pickupTown")}
        aria-label={t("listings.form.pickupTown")}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        onChange={tickOwnBox}
        className={fieldClass("w-full tablet:w-56")}
        data-testid="delivery-pickup-town"
      />
      <div className="basis-full empty:hidden">
        <Errors id={`${id}-error`} messages={errors} />
      </div>
    </li>
  );
}
