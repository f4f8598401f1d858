import { Form, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, useSchemaForm } from "#app/ui/forms/conform.ts";
import { type FieldErrors, FormError, SelectField, SubmitButton, TextField } from "#app/ui/forms/fields.tsx";
import {
  DECISION_GROUNDS,
  type DecisionAction,
  type ReportTarget,
  STATEMENT_TEXT_MAX,
  TERMS_SECTIONS,
} from "#core/contracts/moderation.ts";
import { DecisionSchema } from "#core/schemas/moderation.ts";
import { TextAreaField } from "./text-area.tsx";

/** The statement of reasons' own fields: facts, reasons, the rule of the terms, a suspension's end. */
function StatementFields({
  errors,
  sent,
}: {
  errors: FieldErrors;
  sent: Record<string, string | undefined>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextAreaField
        name="facts"
        label={t("adminModeration.decide.facts")}
        hint={t("adminModeration.decide.factsHint")}
        errors={errors}
        defaultValue={sent.facts}
        maxLength={STATEMENT_TEXT_MAX}
        rows={3}
        required={false}
      />
      <TextAreaField
        name="reasons"
        label={t("adminModeration.decide.reasons")}
        hint={t("adminModeration.decide.reasonsHint")}
        errors={errors}
        defaultValue={sent.reasons}
        maxLength={STATEMENT_TEXT_MAX}
        rows={3}
        required={false}
      />
      <SelectField
        name="termsSection"
        label={t("adminModeration.decide.terms")}
        errors={errors}
        defaultValue={sent.termsSection}
        placeholder={t("adminModeration.decide.chooseTerms")}
        required={false}
        options={TERMS_SECTIONS.map((section) => ({
          value: section,
          label: t(`moderation.terms.${section}`),
        }))}
      />
      <TextField
        name="suspendedUntil"
        label={t("adminModeration.decide.until")}
        errors={errors}
        defaultValue={sent.suspendedUntil}
        required={false}
        hint="YYYY-MM-DD"
      />
    </>
  );
}

/**
 * The moderator's decision with its statement of reasons (DSA Art. 17): the measure, the facts, the
 * reasons, the rule of the terms, a suspension's end, and the ground when no report led to it.
 */
export function DecisionForm({
  target,
  targetId,
  reportId,
  actions,
  preselected,
  reply,
}: {
  target: ReportTarget;
  targetId: number;
  reportId?: number;
  actions: readonly DecisionAction[];
  /** The measure chosen when the form opens (e.g. "demote" from the catalogue's listing page). */
  preselected?: DecisionAction;
  reply: FormReply | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form] = useSchemaForm(DecisionSchema, reply, { id: `decide-${target}-${targetId}` });
  const sent = (reply?.initialValue ?? {}) as Record<string, string | undefined>;
  const errors = form.allErrors;
  return (
    <section aria-labelledby="decide-title" className="rounded-xl border border-line bg-white p-5">
      <h2 id="decide-title" className="mb-3 font-serif text-xl text-primary-dark">
        {t("adminModeration.decide.title")}
      </h2>
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="flex flex-col gap-4"
        data-testid="decision-form"
      >
        <input type="hidden" name="intent" value="decide" />
        <input type="hidden" name="target" value={target} />
        <input type="hidden" name="targetId" value={targetId} />
        {reportId ? <input type="hidden" name="reportId" value={reportId} /> : null}
        <FormError messages={errors.form} />
        <SelectField
          name="action"
          label={t("adminModeration.decide.action")}
          errors={errors}
          defaultValue={sent.action ?? preselected}
          options={actions.map((action) => ({ value: action, label: t(`moderation.action.${action}`) }))}
        />
        <StatementFields errors={errors} sent={sent} />
        {reportId ? null : (
          <SelectField
            name="ground"
            label={t("adminModeration.decide.ground")}
            errors={errors}
            defaultValue={sent.ground ?? "own_initiative"}
            options={DECISION_GROUNDS.map((ground) => ({
              value: ground,
              label: t(`moderation.ground.${ground}`),
            }))}
          />
        )}
        <p className="text-sm text-muted">{t("adminModeration.decide.statementNote")}</p>
        <SubmitButton busy={navigation.state === "submitting"}>
          {t("adminModeration.decide.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
