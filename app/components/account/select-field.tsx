import { useId } from "react";
import type { FieldErrors } from "../forms/fields.tsx";

/** A labelled select with its errors, styled like TextField (app/components/forms/fields.tsx). */
export function SelectField({
  name,
  label,
  errors,
  defaultValue,
  options,
  placeholder,
  autoComplete,
  required = true,
}: {
  name: string;
  label: string;
  errors?: FieldErrors;
  defaultValue?: string;
  options: { value: string; label: string }[];
  placeholder?: string;
  autoComplete?: string;
  required?: boolean;
}) {
  const id = useId();
  const messages = errors?.[name];
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={messages?.length ? true : undefined}
        aria-describedby={messages?.length ? `${id}-error` : undefined}
        className="mt-1 w-full rounded border border-line bg-white px-3 py-2 focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-[invalid=true]:border-danger"
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {messages?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-field-error>
          {messages.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
