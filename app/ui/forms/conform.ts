import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { FormEvent } from "react";
import { useNavigation } from "react-router";
import type { $ZodIssue, $ZodType, input, output } from "zod/v4/core";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { Locale } from "#core/i18n/index.ts";
import { issueMessages } from "#core/validation/field-errors.ts";

/** A form's schema: an object of fields, from core/schemas/. */
export type FormSchema = $ZodType<Record<string, unknown>, Record<string, unknown>>;

/**
 * The one way a form is read (ADR 0018): Conform parses the submitted fields against the core's
 * zod schema (`core/schemas/`), the same schema the API validates with, and every message comes
 * translated in the page's language. Route actions call it on the server, so a form works before
 * the scripts load; `useSchemaForm` runs the same parse in the browser once they have.
 */
export function parseForm<Schema extends FormSchema>(
  payload: FormData | URLSearchParams,
  schema: Schema,
  locale: Locale,
) {
  return parseWithZod(payload, {
    schema,
    formatError: (issues: $ZodIssue[]) => issueMessages(issues, locale),
  });
}

/** What an action answers a refused form with: Conform's reply, which `useSchemaForm` shows. */
export type FormReply = SubmissionResult<string[]>;

/**
 * A form bound to a core schema: the server's last answer (`lastResult`, from the action) and,
 * once hydrated, the same checks in the browser as a field is left and while it is corrected.
 * `form.allErrors` is a `{ field: [messages] }` map, what the field components of fields.tsx take.
 * `shouldValidate: "onSubmit"` waits for the first sending before checking (the login forms, where
 * a message appearing as the e-mail field is left would move the button under the pointer).
 * `onSubmit` runs once the form passed the browser's check and is about to be sent (the bot check).
 */
export function useSchemaForm<Schema extends FormSchema>(
  schema: Schema,
  lastResult: FormReply | null | undefined,
  options: {
    id?: string;
    defaultValue?: DefaultValue<input<Schema>>;
    shouldValidate?: "onBlur" | "onSubmit";
    onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  } = {},
) {
  const { locale } = useTranslation();
  return useForm<input<Schema>, output<Schema>>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue,
    onValidate: ({ formData }) => parseForm(formData, schema, locale),
    shouldValidate: options.shouldValidate ?? "onBlur",
    shouldRevalidate: "onInput",
    onSubmit: options.onSubmit && ((event) => options.onSubmit?.(event)),
  });
}

/**
 * The form this page is sending right now, parsed with its schema (undefined when idle or when it
 * is another form): which of several buttons to show busy, without reading the fields by hand.
 */
export function usePendingForm<Schema extends FormSchema>(schema: Schema): output<Schema> | undefined {
  const navigation = useNavigation();
  const { locale } = useTranslation();
  if (navigation.state === "idle" || !navigation.formData) return undefined;
  const submission = parseForm(navigation.formData, schema, locale);
  return submission.status === "success" ? submission.value : undefined;
}
