import { Form } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, useSchemaForm } from "#app/ui/forms/conform.ts";
import { FormError, TextField } from "#app/ui/forms/fields.tsx";
import { PackageCreateForm, PackageDeleteForm, PackageUpdateForm } from "#core/schemas/admin-catalog.ts";
import type { SentValues } from "./fields.tsx";
import { buttonClass, dangerButtonClass, ReorderButtons, Section, smallButtonClass } from "./ui.tsx";

export type PackageItem = { id: number; nameCs: string; nameEn: string | null; productCount: number };
export type PackageReply = { intent: string; id?: string; result: FormReply } | undefined;

const mine = (reply: PackageReply, intent: string, id?: number) =>
  reply?.intent === intent && (id === undefined || reply.id === String(id)) ? reply.result : undefined;

/** One package kind: its names, its place in the list, deleting it while no product uses it. */
export function PackageRow({
  item,
  first,
  last,
  reply,
}: {
  item: PackageItem;
  first: boolean;
  last: boolean;
  reply: PackageReply;
}) {
  const { t } = useTranslation();
  const result = mine(reply, "update", item.id);
  const [form] = useSchemaForm(PackageUpdateForm, result, { id: `package-${item.id}` });
  const [removal] = useSchemaForm(PackageDeleteForm, mine(reply, "delete", item.id), {
    id: `package-delete-${item.id}`,
  });
  const sent = result?.initialValue as SentValues | undefined;
  return (
    <li className="flex flex-col gap-3 py-4" data-testid={`package-${item.id}`}>
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="grid items-end gap-3 tablet:grid-cols-[1fr_1fr_auto]"
      >
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={item.id} />
        <TextField
          name="nameCs"
          label={t("adminCatalog.packages.nameCs")}
          errors={form.allErrors}
          defaultValue={sent?.nameCs ?? item.nameCs}
          maxLength={60}
        />
        <TextField
          name="nameEn"
          label={t("adminCatalog.packages.nameEn")}
          errors={form.allErrors}
          required={false}
          defaultValue={sent?.nameEn ?? item.nameEn ?? ""}
          maxLength={60}
        />
        <button type="submit" className={smallButtonClass}>
          {t("adminCatalog.packages.save")}
        </button>
      </Form>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="text-muted">
          {t("adminCatalog.packages.products")}: {item.productCount}
        </span>
        <ReorderButtons id={item.id} name={item.nameCs} first={first} last={last} />
        {item.productCount === 0 ? (
          <Form method="post" id={removal.id}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={item.id} />
            <button
              type="submit"
              className={dangerButtonClass}
              aria-label={t("adminCatalog.packages.deleteLabel", { name: item.nameCs })}
            >
              {t("adminCatalog.packages.delete")}
            </button>
          </Form>
        ) : null}
      </div>
      <FormError messages={removal.errors} />
    </li>
  );
}

export function AddPackage({ reply }: { reply: PackageReply }) {
  const { t } = useTranslation();
  const result = mine(reply, "create");
  const [form] = useSchemaForm(PackageCreateForm, result, { id: "package-create" });
  const sent = result?.initialValue as SentValues | undefined;
  return (
    <Section title={t("adminCatalog.packages.add")}>
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="grid items-end gap-3 tablet:grid-cols-[1fr_1fr_auto]"
      >
        <input type="hidden" name="intent" value="create" />
        <TextField
          name="nameCs"
          label={t("adminCatalog.packages.nameCs")}
          errors={form.allErrors}
          defaultValue={sent?.nameCs ?? ""}
          maxLength={60}
        />
        <TextField
          name="nameEn"
          label={t("adminCatalog.packages.nameEn")}
          errors={form.allErrors}
          required={false}
          defaultValue={sent?.nameEn ?? ""}
          maxLength={60}
        />
        <button type="submit" className={buttonClass}>
          {t("adminCatalog.packages.add")}
        </button>
      </Form>
    </Section>
  );
}
