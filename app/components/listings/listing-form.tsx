import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { fromPragueLocalInput } from "#core/time/prague.ts";
import { useHydrated } from "../feedback/use-hydrated.ts";
import { FieldLabel } from "../forms/fields.tsx";
import { formatDate } from "../product/format.ts";
import type { ListingFormValues } from "./form-data.ts";
import { ImageManager, type ManagedImage } from "./image-manager.tsx";

export type ListingFormOptions = {
  categories: { id: number; name: string; subcategories: { id: number; name: string; depth: number }[] }[];
  packages: { id: number; name: string }[];
  brands: string[];
};

/** Field errors under the API's field names (priceMinor, categoryId...), as the server answers them. */
export type ListingFormErrors = Record<string, string[] | undefined>;

export type ListingFormLocks = { afterBid: boolean; released: boolean };

const inputClass =
  "mt-1 w-full rounded border border-line bg-white px-3 py-2 focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-[invalid=true]:border-danger disabled:bg-light disabled:text-muted";

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-line bg-white p-5 tablet:p-7"
      data-testid={`form-section-${testId}`}
    >
      <h2 id={id} className="font-serif text-2xl text-primary-dark">
        {title}
      </h2>
      <div className="mt-5 flex flex-col gap-5">{children}</div>
    </section>
  );
}

function Errors({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-danger" data-field-error>
      {messages.join(" ")}
    </p>
  );
}

/** A label, its control (given the ids to wire), the hint and the errors. */
function Field({
  label,
  required,
  hint,
  errors,
  children,
}: {
  label: string;
  required?: boolean;
  hint?: ReactNode;
  errors?: string[];
  children: (props: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : "", errors?.length ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      {children({
        id,
        "aria-describedby": described || undefined,
        "aria-invalid": errors?.length ? true : undefined,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <Errors id={`${id}-error`} messages={errors} />
    </div>
  );
}

/** A group of radio cards (type, price mode, duration, activation). */
function Choice({
  legend,
  name,
  value,
  onChange,
  options,
  errors,
  disabled,
}: {
  legend: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string; hint?: string }[];
  errors?: string[];
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={errors?.length ? `${id}-error` : undefined} disabled={disabled}>
      <legend className="font-medium">
        {legend}
        <span aria-hidden="true"> *</span>
      </legend>
      <div className="mt-2 grid gap-3 tablet:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition has-[:checked]:border-primary-dark has-[:checked]:bg-primary-dark/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-dark ${
              disabled ? "cursor-not-allowed opacity-70" : "hover:border-primary"
            } border-line`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-1 size-4 shrink-0 accent-primary-dark"
              data-testid={`${name}-${option.value}`}
            />
            <span className="flex flex-col">
              <span className="font-semibold">{option.label}</span>
              {option.hint ? <span className="text-sm text-muted">{option.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <Errors id={`${id}-error`} messages={errors} />
    </fieldset>
  );
}

/**
 * The listing's fields, shared by the add and edit pages (the page draws the <Form> and its
 * buttons). With scripts the form shows only what applies (a demand ad has no auction, "by
 * agreement" no price, the subcategories of the chosen category); without them every field shows
 * and the server sorts it out. Locked fields (edit after the first bid or once released) are
 * disabled and explained above the form by the page.
 */
export function ListingFormFields({
  options,
  values,
  images,
  errors,
  locks,
  lockedImages,
  minActivation,
  uploadUrl,
}: {
  options: ListingFormOptions;
  values: ListingFormValues;
  images: ManagedImage[];
  errors: ListingFormErrors;
  locks?: ListingFormLocks;
  lockedImages?: string[];
  /** The earliest activation the date field offers (Prague wall clock, datetime-local format). */
  minActivation: string;
  uploadUrl: string;
}) {
  const { t, locale } = useTranslation();
  const hydrated = useHydrated();
  const startedAt = values.activationLocal
    ? fromPragueLocalInput(values.activationLocal)?.getTime()
    : undefined;
  const [type, setType] = useState(values.type || "supply");
  const [priceMode, setPriceMode] = useState(values.priceMode || "price");
  const [category, setCategory] = useState(values.category);
  const [subcategory, setSubcategory] = useState(values.subcategory);
  const [activation, setActivation] = useState(values.activation || "now");
  const [duration, setDuration] = useState(values.duration || "week");
  const afterBid = locks?.afterBid ?? false;
  const released = locks?.released ?? false;
  const demand = type === "demand";
  const auction = !demand && priceMode === "price";
  // Without scripts every part shows: the choices cannot hide what they do not apply to.
  const show = (applies: boolean) => !hydrated || applies;
  const chosen = options.categories.find((entry) => String(entry.id) === category);
  const brandList = useId();
  const root = useRef<HTMLDivElement>(null);

  // What the seller chose before the scripts ran is in the DOM, not in the state the server
  // rendered with: it is read once, at hydration (before the first client render is painted), so
  // a category picked early keeps its subcategories and a subcategory its choice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read at hydration only, on purpose.
  useLayoutEffect(() => {
    const form = root.current?.closest("form");
    if (!form) return;
    const read = (name: string) => {
      const field = form.elements.namedItem(name);
      if (field instanceof HTMLSelectElement) return field.value;
      if (field instanceof RadioNodeList) return field.value;
      return null;
    };
    const pairs: [string, (value: string) => void][] = [
      ["type", setType],
      ["priceMode", setPriceMode],
      ["category", setCategory],
      ["subcategory", setSubcategory],
      ["activation", setActivation],
      ["duration", setDuration],
    ];
    for (const [name, set] of pairs) {
      const value = read(name);
      if (value) set(value);
    }
    // Without scripts every subcategory is offered (grouped by category): one picked there
    // names its category, whatever the category select says.
    const sub = read("subcategory");
    const parent = sub
      ? options.categories.find((entry) => entry.subcategories.some((item) => String(item.id) === sub))
      : undefined;
    if (parent) setCategory(String(parent.id));
  }, []);

  return (
    <div ref={root} className="flex flex-col gap-6" data-hydrated={hydrated || undefined}>
      <Section title={t("listings.form.sectionType")} testId="type">
        <Choice
          legend={t("listings.form.typeLegend")}
          name="type"
          value={type}
          onChange={setType}
          disabled={released}
          errors={errors.type}
          options={[
            {
              value: "supply",
              label: t("listings.form.typeSupply"),
              hint: t("listings.form.typeSupplyHint"),
            },
            {
              value: "demand",
              label: t("listings.form.typeDemand"),
              hint: t("listings.form.typeDemandHint"),
            },
          ]}
        />
      </Section>

      <Section title={t("listings.form.sectionItem")} testId="item">
        <div className="grid gap-5 tablet:grid-cols-2">
          <Field label={t("listings.form.category")} required errors={errors.categoryId}>
            {(props) => (
              <select
                {...props}
                name="category"
                value={category}
                onChange={(event) => {
                  setCategory(event.target.value);
                  // A new category's subcategories: the choice starts over.
                  setSubcategory("");
                }}
                disabled={afterBid}
                className={inputClass}
                data-testid="field-category"
              >
                <option value="">{t("listings.form.choose")}</option>
                {options.categories.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t("listings.form.subcategory")} required errors={errors.subcategoryId}>
            {(props) => (
              <select
                {...props}
                name="subcategory"
                value={subcategory}
                onChange={(event) => setSubcategory(event.target.value)}
                disabled={afterBid || (hydrated && (!chosen || chosen.subcategories.length === 0))}
                className={inputClass}
                data-testid="field-subcategory"
              >
                <option value="">
                  {hydrated && !chosen ? t("listings.form.chooseCategoryFirst") : t("listings.form.choose")}
                </option>
                {hydrated
                  ? chosen?.subcategories.map((entry) => (
                      <option key={entry.id} value={entry.id}>
                        {entry.name}
                      </option>
                    ))
                  : options.categories
                      .filter((entry) => entry.subcategories.length > 0)
                      .map((entry) => (
                        <optgroup key={entry.id} label={entry.name}>
                          {entry.subcategories.map((sub) => (
                            <option key={sub.id} value={sub.id}>
                              {sub.name}
                            </option>
                          ))}
                        </optgroup>
                      ))}
              </select>
            )}
          </Field>
          <Field label={t("listings.form.brand")} hint={t("listings.form.brandHint")} errors={errors.brand}>
            {(props) => (
              <>
                <input
                  {...props}
                  name="brand"
                  defaultValue={values.brand}
                  list={brandList}
                  autoComplete="off"
                  maxLength={80}
                  disabled={afterBid}
                  className={inputClass}
                  data-testid="field-brand"
                />
                <datalist id={brandList}>
                  {options.brands.map((name) => (
                    <option key={name} value={name} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
          <Field label={t("listings.form.package")} required errors={errors.packageId}>
            {(props) => (
              <select
                {...props}
                name="package"
                defaultValue={values.package}
                disabled={afterBid}
                className={inputClass}
                data-testid="field-package"
              >
                <option value="">{t("listings.form.choose")}</option>
                {options.packages.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field
          label={t("listings.form.name")}
          required
          hint={t("listings.form.nameHint")}
          errors={errors.name}
        >
          {(props) => (
            <input
              {...props}
              name="name"
              defaultValue={values.name}
              maxLength={120}
              disabled={afterBid}
              className={inputClass}
              data-testid="field-name"
            />
          )}
        </Field>
        <Field
          label={t("listings.form.description")}
          required
          hint={t("listings.form.descriptionHint")}
          errors={errors.description}
        >
          {(props) => (
            <textarea
              {...props}
              name="description"
              defaultValue={values.description}
              rows={8}
              maxLength={5000}
              className={`${inputClass} leading-relaxed`}
              data-testid="field-description"
            />
          )}
        </Field>
      </Section>

      <Section title={t("listings.form.sectionImages")} testId="images">
        <ImageManager
          initial={images}
          errors={[...(errors.images ?? []), ...(errors.image ?? [])]}
          locked={lockedImages}
          uploadUrl={uploadUrl}
        />
      </Section>

      <Section title={t("listings.form.sectionPrice")} testId="price">
        <Choice
          legend={t("listings.form.priceLegend")}
          name="priceMode"
          value={priceMode}
          onChange={setPriceMode}
          disabled={afterBid || released}
          options={[
            {
              value: "price",
              label: demand ? t("listings.form.priceModePrice") : t("listings.form.priceModePriceAuction"),
            },
            {
              value: "agreement",
              label: t("listings.form.priceModeAgreement"),
              hint: demand ? undefined : t("listings.form.priceModeAgreementHint"),
            },
          ]}
        />
        {show(priceMode === "price") ? (
          <div className="grid gap-5 tablet:grid-cols-2">
            <Field
              label={demand ? t("listings.form.demandPrice") : t("listings.form.startPrice")}
              required={!demand}
              hint={demand ? t("listings.form.demandPriceHint") : t("listings.form.startPriceHint")}
              errors={errors.priceMinor}
            >
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
            {show(auction) ? (
              <Field
                label={t("listings.form.reservePrice")}
                hint={t("listings.form.reservePriceHint")}
                errors={errors.reservePriceMinor}
              >
                {(props) => (
                  <input
                    {...props}
                    name="reservePrice"
                    defaultValue={values.reservePrice}
                    inputMode="decimal"
                    autoComplete="off"
                    disabled={afterBid}
                    className={inputClass}
                    data-testid="field-reserve"
                  />
                )}
              </Field>
            ) : null}
          </div>
        ) : (
          <Errors id="price-errors" messages={errors.priceMinor} />
        )}
        {show(auction) ? (
          <Choice
            legend={t("listings.form.duration")}
            name="duration"
            value={duration}
            onChange={setDuration}
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
        ) : null}
      </Section>

      <Section title={t("listings.form.sectionStart")} testId="start">
        {released ? (
          <p data-testid="start-fixed">
            {startedAt
              ? t(startedAt > Date.now() ? "listings.form.startsOn" : "listings.form.startedOn", {
                  date: formatDate(new Date(startedAt).toISOString(), locale, true),
                })
              : t("listings.form.activationNow")}
          </p>
        ) : (
          <>
            <Choice
              legend={t("listings.form.activationLegend")}
              name="activation"
              value={activation}
              onChange={setActivation}
              disabled={released}
              options={[
                {
                  value: "now",
                  label: t("listings.form.activationNow"),
                  hint: t("listings.form.activationNowHint"),
                },
                { value: "later", label: t("listings.form.activationLater") },
              ]}
            />
            {show(activation === "later") ? (
              <Field label={t("listings.form.activationLocal")} errors={errors.activationAt}>
                {(props) => (
                  <input
                    {...props}
                    type="datetime-local"
                    name="activationLocal"
                    defaultValue={values.activationLocal}
                    min={released ? undefined : minActivation}
                    disabled={released}
                    className={`${inputClass} tablet:max-w-xs`}
                    data-testid="field-activation"
                  />
                )}
              </Field>
            ) : (
              <Errors id="activation-errors" messages={errors.activationAt} />
            )}
          </>
        )}
      </Section>
    </div>
  );
}

/** The errors' summary above the form, focused after a refused submit so the seller hears it. */
export function FormErrorSummary({ show, message }: { show: boolean; message: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (show) ref.current?.focus();
  }, [show]);
  if (!show) return null;
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded-lg bg-danger/10 px-4 py-3 font-medium text-danger"
      data-testid="form-errors"
    >
      {message}
    </p>
  );
}
