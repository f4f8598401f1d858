import { type RefObject, useEffect } from "react";
import { type FormReply, type FormSchema, useSchemaForm } from "./conform.ts";

export type FormErrors = Record<string, string[] | undefined>;

/** What the checks tell the form they sit beside (./lazy-schema-form.tsx). */
export type SchemaFormChecksProps = {
  id: string;
  lastResult: FormReply | null | undefined;
  shouldValidate?: "onBlur" | "onSubmit";
  /** Conform's submit handler, kept in the form's ref (it checks and stops an invalid sending). */
  submitRef: RefObject<((event: React.FormEvent<HTMLFormElement>) => void) | null>;
  onErrors: (errors: FormErrors) => void;
};

/**
 * The browser's checks of a form, loaded with zod and Conform when the visitor first reaches the
 * form (ADR 0039). Renders nothing: Conform finds the form by its id and listens on the document,
 * so the form's markup (drawn by the server before) stays as it is while these arrive.
 */
export function SchemaFormChecks({
  schema,
  id,
  lastResult,
  shouldValidate,
  submitRef,
  onErrors,
}: SchemaFormChecksProps & { schema: FormSchema }) {
  const [form] = useSchemaForm(schema, lastResult, { id, shouldValidate });
  submitRef.current = form.onSubmit;
  const errors = form.allErrors;
  // Only a change of the messages is passed on (the object is new on each render).
  const key = JSON.stringify(errors);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `errors`' content.
  useEffect(() => onErrors(errors), [key, onErrors]);
  return null;
}
