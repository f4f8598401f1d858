import type { ColumnDef } from "@tanstack/react-table";
import { Form } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, useSchemaForm } from "#app/ui/forms/conform.ts";
import { FormError, SelectField } from "#app/ui/forms/fields.tsx";
import { formatDate } from "#core/formats/dates.ts";
import { BrandMergeForm, BrandRenameForm } from "#core/schemas/admin-catalog.ts";
import type { SentValues } from "./fields.tsx";
import { buttonClass, inputClass, Section, smallButtonClass } from "./ui.tsx";

export type BrandTableRow = { id: number; name: string; productCount: number; createdAt: string };
export type BrandReply = { intent: string; id?: string; result: FormReply } | undefined;

/** A brand's name in its row, renamed in place (a name another brand has is refused: merge them). */
function RenameBrand({ row, reply }: { row: BrandTableRow; reply: BrandReply }) {
  const { t } = useTranslation();
  const result = reply?.intent === "rename" && reply.id === String(row.id) ? reply.result : undefined;
  const [form, fields] = useSchemaForm(BrandRenameForm, result, { id: `brand-${row.id}` });
  const sent = result?.initialValue as SentValues | undefined;
  const errors = fields.name.errors;
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="flex flex-wrap items-start gap-2"
    >
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="id" value={row.id} />
      <div className="min-w-48 flex-1">
        <input
          name="name"
          defaultValue={sent?.name ?? row.name}
          maxLength={80}
          required
          aria-label={t("adminCatalog.brands.renameLabel", { name: row.name })}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${form.id}-error` : undefined}
          className={inputClass}
        />
        {errors?.length ? (
          <p id={`${form.id}-error`} className="mt-1 text-sm text-danger" data-field-error>
            {errors.join(" ")}
          </p>
        ) : null}
      </div>
      <button type="submit" className={smallButtonClass}>
        {t("adminCatalog.brands.rename")}
      </button>
    </Form>
  );
}

export function useBrandColumns(reply: BrandReply): ColumnDef<BrandTableRow, unknown>[] {
  const { t, locale } = useTranslation();
  return [
    { id: "id", header: "ID", cell: ({ row }) => row.original.id },
    {
      id: "name",
      header: t("adminCatalog.brands.name"),
      cell: ({ row }) => <RenameBrand row={row.original} reply={reply} />,
    },
    {
      id: "products",
      header: t("adminCatalog.brands.products"),
      cell: ({ row }) => row.original.productCount,
    },
    {
      id: "createdAt",
      header: t("adminCatalog.brands.created"),
      cell: ({ row }) => formatDate(row.original.createdAt, locale),
    },
  ];
}

/** Two spellings of one brand: which to keep, which to merge into it (and delete). */
export function MergeBrands({
  options,
  reply,
}: {
  options: { id: number; name: string }[];
  reply: BrandReply;
}) {
  const { t } = useTranslation();
  const result = reply?.intent === "merge" ? reply.result : undefined;
  const [form] = useSchemaForm(BrandMergeForm, result, { id: "brand-merge" });
  const sent = result?.initialValue as SentValues | undefined;
  const choices = options.map((option) => ({
    value: String(option.id),
    label: `${option.name} (#${option.id})`,
  }));
  return (
    <Section title={t("adminCatalog.brands.merge")}>
      <FormError messages={form.errors} />
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="grid items-end gap-3 tablet:grid-cols-[1fr_1fr_auto]"
        data-testid="merge-brands"
      >
        <input type="hidden" name="intent" value="merge" />
        <SelectField
          name="survivorId"
          label={t("adminCatalog.brands.survivor")}
          errors={form.allErrors}
          defaultValue={sent?.survivorId ?? ""}
          placeholder={t("adminCatalog.brands.choose")}
          options={choices}
        />
        <SelectField
          name="duplicateId"
          label={t("adminCatalog.brands.duplicate")}
          errors={form.allErrors}
          defaultValue={sent?.duplicateId ?? ""}
          placeholder={t("adminCatalog.brands.choose")}
          options={choices}
        />
        <button type="submit" className={buttonClass}>
          {t("adminCatalog.brands.mergeButton")}
        </button>
      </Form>
    </Section>
  );
}
