import {
  type ComponentType,
  type FormEvent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useId,
  useRef,
  useState,
} from "react";
import { withTexts } from "#app/i18n/with-texts.ts";
import type { FormReply, FormSchema } from "./conform.ts";
import type { FormErrors, SchemaFormChecksProps } from "./schema-form-checks.tsx";

/**
 * A form's browser checks as a component loaded on demand: Conform and the module holding the
 * schema (with zod, about 36 KB gzip together) arrive only when `load` runs. Created once per form,
 * at module level: `const Checks = lazySchemaChecks(() => import("#core/schemas/bid.ts").then((m) => m.BidFormSchema))`.
 */
export function lazySchemaChecks(
  loadSchema: () => Promise<FormSchema>,
): ComponentType<SchemaFormChecksProps> {
  return lazy(async () => {
    const [{ SchemaFormChecks }, schema] = await withTexts(
      Promise.all([import("./schema-form-checks.tsx"), loadSchema()]),
    );
    return { default: (props: SchemaFormChecksProps) => <SchemaFormChecks {...props} schema={schema} /> };
  });
}

/** What a form with lazily loaded checks spreads on its `<Form>` and renders beside it. */
export type LazySchemaForm = {
  /** The `<Form>`'s props: its id, the submit handler, and the first touch that loads the checks. */
  formProps: {
    id: string;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    onPointerEnter: () => void;
    onPointerDown: () => void;
    onFocus: () => void;
    /** "ready" once the checks run in the browser (tests wait for it). */
    "data-checks"?: "ready";
  };
  /** Each field's messages (`""`: the form's own): the server's answer, then the checks' as well. */
  errors: FormErrors;
  /** The checks, once wanted: render it next to the `<Form>` (it draws nothing). */
  checks: ReactNode;
};

/**
 * A form bound to a core schema like `useSchemaForm` (./conform.ts), whose checks load only when
 * the visitor reaches the form (pointer over it, a touch, the focus): a page that shows a form but
 * whose visitor never uses it does not download zod and Conform (ADR 0039). The server draws the
 * same markup, and the form posts as a plain form, so it works before the checks (or any script)
 * are there; the action answers with the same schema's messages, shown here from `lastResult`.
 */
export function useLazySchemaForm(
  Checks: ComponentType<SchemaFormChecksProps>,
  lastResult: FormReply | null | undefined,
  options: { shouldValidate?: "onBlur" | "onSubmit" } = {},
): LazySchemaForm {
  const id = useId();
  const [wanted, setWanted] = useState(false);
  const [checked, setChecked] = useState<FormErrors | null>(null);
  const submitRef = useRef<((event: FormEvent<HTMLFormElement>) => void) | null>(null);
  const want = useCallback(() => setWanted(true), []);
  const onErrors = useCallback((errors: FormErrors) => setChecked(errors), []);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Before the checks are here the form goes as it is: the action checks it the same way.
    submitRef.current?.(event);
    setWanted(true);
  };
  return {
    formProps: {
      id,
      onSubmit,
      onPointerEnter: want,
      onPointerDown: want,
      onFocus: want,
      "data-checks": checked ? "ready" : undefined,
    },
    errors: checked ?? repliedErrors(lastResult),
    checks: wanted ? (
      <Suspense fallback={null}>
        <Checks
          id={id}
          lastResult={lastResult}
          shouldValidate={options.shouldValidate}
          submitRef={submitRef}
          onErrors={onErrors}
        />
      </Suspense>
    ) : null,
  };
}

/** The messages of an action's answer (Conform's reply), as `form.allErrors` gives them. */
function repliedErrors(lastResult: FormReply | null | undefined): FormErrors {
  const errors: FormErrors = {};
  for (const [field, messages] of Object.entries(lastResult?.error ?? {}))
    if (messages?.length) errors[field] = messages;
  return errors;
}
