import type { ReactNode } from "react";
import { Form } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import {
  ATTRIBUTE_TYPES,
  ATTRIBUTE_UNITS,
  type AttributeDefinition,
} from "#core/contracts/listing-attributes.ts";
import { formatOptions } from "#core/schemas/admin-attributes.ts";
import { buttonClass, dangerButtonClass, inputClass } from "./ui.tsx";

export type AttributeReply = { id: string; errors: Record<string, string[] | undefined> } | undefined;

const field = "flex flex-col gap-1 text-sm";

/**
 * One attribute definition's form (issue 37): a row of the page, or the empty one that adds. A
 * plain POST form: works before the scripts load; the server's problems show under each field.
 */
export function AttributeForm({
  definition,
  categories,
  reply,
}: {
  definition?: AttributeDefinition;
  categories: { id: number; label: string }[];
  reply: AttributeReply;
}) {
  const { t } = useTranslation();
  const formId = definition ? String(definition.id) : "new";
  const errors = reply?.id === formId ? reply.errors : {};
  const err = (name: string) =>
    errors[name]?.length ? <span className="text-danger">{errors[name]!.join(" ")}</span> : null;
  return (
    <Form method="post" className="grid gap-3 tablet:grid-cols-4" data-testid={`attribute-form-${formId}`}>
      <input type="hidden" name="formId" value={formId} />
      {definition ? <input type="hidden" name="id" value={definition.id} /> : null}
      <label className={field}>
        {t("listingAttributes.admin.category")}
        <select name="categoryId" defaultValue={definition?.categoryId ?? ""} className={inputClass}>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.label}
            </option>
          ))}
        </select>
        {err("categoryId")}
      </label>
      <label className={field}>
        {t("listingAttributes.admin.key")}
        <input
          name="key"
          defaultValue={definition?.key ?? ""}
          className={inputClass}
          data-testid="attribute-key"
        />
        {err("key")}
      </label>
      <TypeAndUnit definition={definition} />
      <label className={field}>
        {t("listingAttributes.admin.labelCs")}
        <input name="labelCs" defaultValue={definition?.labelCs ?? ""} className={inputClass} />
        {err("labelCs")}
      </label>
      <label className={field}>
        {t("listingAttributes.admin.labelEn")}
        <input name="labelEn" defaultValue={definition?.labelEn ?? ""} className={inputClass} />
        {err("labelEn")}
      </label>
      <label className={field}>
        {t("listingAttributes.admin.position")}
        <input
          name="position"
          inputMode="numeric"
          defaultValue={definition?.position ?? 100}
          className={inputClass}
        />
        {err("position")}
      </label>
      <SwitchesAndOptions definition={definition} error={err("options")} />
      <div className="flex flex-wrap gap-2 tablet:col-span-4">
        <button type="submit" name="intent" value="save" className={buttonClass}>
          {definition ? t("listingAttributes.admin.save") : t("listingAttributes.admin.add")}
        </button>
        {definition ? (
          <button type="submit" name="intent" value="delete" className={dangerButtonClass}>
            {t("listingAttributes.admin.delete")}
          </button>
        ) : null}
      </div>
      {err("form")}
    </Form>
  );
}

/** The type and the unit of a definition. */
function TypeAndUnit({ definition }: { definition?: AttributeDefinition }) {
  const { t } = useTranslation();
  return (
    <>
      <label className={field}>
        {t("listingAttributes.admin.type")}
        <select name="type" defaultValue={definition?.type ?? "text"} className={inputClass}>
          {ATTRIBUTE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`listingAttributes.admin.types.${type}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={field}>
        {t("listingAttributes.admin.unit")}
        <select name="unit" defaultValue={definition?.unit ?? ""} className={inputClass}>
          <option value="">{t("listingAttributes.admin.none")}</option>
          {ATTRIBUTE_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {t(`listingAttributes.admin.units.${unit}`)}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** The three switches, and an enum's values one per line. */
function SwitchesAndOptions({ definition, error }: { definition?: AttributeDefinition; error: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className="flex flex-col gap-1 text-sm">
        {(["required", "facet", "suggested"] as const).map((name) => (
          <label key={name} className="flex items-center gap-2">
            <input type="checkbox" name={name} defaultChecked={definition?.[name] ?? false} />
            {t(`listingAttributes.admin.${name}`)}
          </label>
        ))}
      </fieldset>
      <label className={`${field} tablet:col-span-4`}>
        {t("listingAttributes.admin.options")}{" "}
        <span className="text-muted">({t("listingAttributes.admin.optionsHint")})</span>
        <textarea
          name="options"
          rows={definition?.options.length ? Math.min(definition.options.length, 6) : 2}
          defaultValue={definition ? formatOptions(definition.options) : ""}
          className={inputClass}
        />
        {error}
      </label>
    </>
  );
}
