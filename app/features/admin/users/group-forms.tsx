import type { ColumnDef } from "@tanstack/react-table";
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, useSchemaForm } from "#app/ui/forms/conform.ts";
import { FormError, TextField } from "#app/ui/forms/fields.tsx";
import { GroupsFormSchema } from "#core/schemas/admin-users.ts";
import { buttonClass } from "./user-forms.tsx";

/** The groups page's forms (routes/admin/users/groups.tsx): add, change, delete an empty one. */

export type GroupRow = { id: number; name: string; discountPercent: number; members: number };
export type GroupsReply = {
  intent: "create" | "update" | "delete";
  groupId: number | null;
  result: FormReply | null;
  message: string | null;
  ok: boolean;
};

function useGroupForm(key: string, reply: GroupsReply | undefined, mine: boolean) {
  const [form] = useSchemaForm(GroupsFormSchema, mine ? reply?.result : undefined, { id: `group-${key}` });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("formKey") === key;
  return { form, busy };
}

function Outcome({ reply }: { reply: GroupsReply | undefined }) {
  if (!reply?.message) return null;
  return reply.ok ? (
    <p role="status" className="text-sm font-semibold text-[#1f5c44]">
      {reply.message}
    </p>
  ) : (
    <FormError messages={[reply.message]} />
  );
}

export function NewGroupForm({ reply }: { reply: GroupsReply | undefined }) {
  const { t } = useTranslation();
  const mine = reply?.intent === "create";
  const { form, busy } = useGroupForm("new", reply, mine);
  return (
    <section aria-labelledby="new-group-title" className="rounded-xl border border-line bg-white p-5">
      <h2 id="new-group-title" className="mb-3 font-serif text-xl text-primary-dark">
        {t("adminUsers.groups.addTitle")}
      </h2>
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="grid gap-3 tablet:grid-cols-[1fr_10rem_auto] tablet:items-start"
      >
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="formKey" value="new" />
        <TextField name="name" label={t("adminUsers.groups.name")} errors={form.allErrors} maxLength={100} />
        <TextField
          name="discountPercent"
          label={t("adminUsers.groups.discount")}
          errors={form.allErrors}
          inputMode="numeric"
          defaultValue="0"
        />
        <button type="submit" className={`${buttonClass} tablet:mt-7`} disabled={busy}>
          {t("adminUsers.groups.add")}
        </button>
      </Form>
      {mine ? <Outcome reply={reply} /> : null}
    </section>
  );
}

const cellInput = "rounded border border-line bg-white px-2 py-1.5 aria-[invalid=true]:border-danger";

/** One group's row: its name and discount editable in place, saved by its own button. */
function GroupEditCell({ group, reply }: { group: GroupRow; reply: GroupsReply | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  const mine = reply?.groupId === group.id && reply.intent === "update";
  const { form, busy } = useGroupForm(`edit-${group.id}`, reply, mine);
  const errors = form.allErrors;
  const messages = [...(errors.name ?? []), ...(errors.discountPercent ?? [])];
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      aria-label={t("adminUsers.groups.editLabel", { name: group.name })}
      className="flex flex-wrap items-center gap-2"
    >
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="formKey" value={`edit-${group.id}`} />
      <input type="hidden" name="groupId" value={group.id} />
      <label htmlFor={`${id}-name`} className="sr-only">
        {t("adminUsers.groups.name")}
      </label>
      <input
        id={`${id}-name`}
        name="name"
        defaultValue={group.name}
        required
        maxLength={100}
        aria-invalid={errors.name ? true : undefined}
        aria-describedby={messages.length ? `${id}-error` : undefined}
        className={`${cellInput} min-w-40 flex-1`}
      />
      <label htmlFor={`${id}-discount`} className="sr-only">
        {t("adminUsers.groups.discount")}
      </label>
      <input
        id={`${id}-discount`}
        name="discountPercent"
        defaultValue={String(group.discountPercent)}
        inputMode="numeric"
        required
        aria-invalid={errors.discountPercent ? true : undefined}
        aria-describedby={messages.length ? `${id}-error` : undefined}
        className={`${cellInput} w-20`}
      />
      <span aria-hidden="true">%</span>
      <button
        type="submit"
        className="rounded-md border border-line px-3 py-1.5 font-semibold text-primary-dark hover:bg-light"
        disabled={busy}
      >
        {t("adminUsers.groups.save")}
      </button>
      {messages.length ? (
        <p id={`${id}-error`} className="w-full text-sm text-danger" data-field-error>
          {messages.join(" ")}
        </p>
      ) : null}
      {mine && reply?.ok ? <Outcome reply={reply} /> : null}
    </Form>
  );
}

function DeleteGroupCell({ group, reply }: { group: GroupRow; reply: GroupsReply | undefined }) {
  const { t } = useTranslation();
  const mine = reply?.groupId === group.id && reply.intent === "delete";
  return (
    <Form method="post" className="flex flex-col gap-1">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="groupId" value={group.id} />
      <button
        type="submit"
        className="rounded-md border border-danger/40 px-3 py-1.5 font-semibold text-danger hover:bg-danger/10 disabled:opacity-50"
        disabled={group.members > 0}
        aria-label={`${t("adminUsers.groups.delete")}: ${group.name}`}
      >
        {t("adminUsers.groups.delete")}
      </button>
      {mine ? <Outcome reply={reply} /> : null}
    </Form>
  );
}

export function useGroupColumns(reply: GroupsReply | undefined): ColumnDef<GroupRow, unknown>[] {
  const { t } = useTranslation();
  return [
    {
      id: "edit",
      header: `${t("adminUsers.groups.name")} · ${t("adminUsers.groups.discount")}`,
      cell: ({ row }) => <GroupEditCell group={row.original} reply={reply} />,
    },
    { id: "members", header: t("adminUsers.groups.members"), cell: ({ row }) => row.original.members },
    {
      id: "delete",
      header: t("admin.actions"),
      cell: ({ row }) => <DeleteGroupCell group={row.original} reply={reply} />,
    },
  ];
}
