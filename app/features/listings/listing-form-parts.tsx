import { type ReactNode, useEffect, useId, useRef } from "react";
import { FieldLabel } from "#app/ui/forms/fields.tsx";

/**
 * The listing form's building blocks: its sections, a labelled field with its hint and errors,
 * the radio cards, the errors' summary, and the hidden fields that carry values on (the locked
 * ones of the edit form, the checked ones of the preview).
 */

export const inputClass =
  "mt-1 w-full rounded border border-line bg-white px-3 py-2 focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-[invalid=true]:border-danger disabled:bg-light disabled:text-muted";

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
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

export function Errors({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-danger" data-field-error>
      {messages.join(" ")}
    </p>
  );
}

/** A label, its control (given the ids to wire), the hint and the errors. */
export function Field({
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
export function Choice({
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

/**
 * A disabled control posts nothing: its value travels in a hidden field of its name, so the form's
 * checks in the browser see the whole listing (the server puts the stored values in anyway).
 */
export function LockedValue({ name, value, locked }: { name: string; value: string; locked: boolean }) {
  return locked ? <input type="hidden" name={name} value={value} /> : null;
}

/** The values as hidden fields (the preview's buttons post them back), the photos in their order. */
export function HiddenValues({
  values,
}: {
  values: Record<string, string | string[] | Record<string, string>>;
}) {
  return Object.entries(values).flatMap(([name, value]) => {
    // A record (the attributes) posts each entry under its dotted name, as its fields do.
    if (!Array.isArray(value) && typeof value === "object")
      return Object.entries(value).map(([key, item]) => (
        <input key={`${name}.${key}`} type="hidden" name={`${name}.${key}`} value={item} />
      ));
    return (Array.isArray(value) ? value : [value]).map((item, index) => (
      <input key={`${name}-${index}`} type="hidden" name={name} value={item} />
    ));
  });
}
