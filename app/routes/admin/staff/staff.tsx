import type { ColumnDef } from "@tanstack/react-table";
import { data, Form, useActionData, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { DataTable } from "#app/features/admin/data-table.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { FormError, SelectField, SubmitButton, TextField } from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { ROLE_SCOPES, STAFF_ROLES, STAFF_SCOPES } from "#core/rules/staff.ts";
import { StaffAddSchema, StaffFormSchema } from "#core/schemas/staff.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/staff";

/**
 * The staff (`/admin/tym`; docs/product/back-office.md, "Staff and scopes"): who works in the back
 * office, with which role and extra scopes, and whether their second factor is on. A role is given
 * to an existing account by its e-mail, changed or taken away; only an owner gives or takes the
 * owner role and resets another member's second factor; the last owner keeps the role. Audited.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminStaff.staff.title"), noindex: true }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireScope(context, "staff");
  const { services } = context.get(appContext);
  const members = await services.staffRoles.list();
  const withFactor = await services.secondFactor.activeOf(members.map((member) => member.id));
  return {
    isOwner: user.role === "admin",
    members: members.map((member) => ({
      id: member.id,
      username: member.username,
      email: member.email,
      name: member.name,
      role: member.role,
      extraScopes: member.extraScopes as string[],
      secondFactor: withFactor.has(member.id),
    })),
  };
}

type ActionData = { result?: FormReply; message?: string; ok?: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireScope(context, "staff");
  const { services, locale, clientIp } = context.get(appContext);
  const submission = parseForm(await request.formData(), StaffFormSchema, locale);
  if (submission.status !== "success")
    return data<ActionData>({ result: submission.reply() }, { status: 422 });
  const form = submission.value;
  const actor = { id: user.id, role: user.role, ip: clientIp };
  const refuse = (key: Parameters<typeof translate>[1], status: number) =>
    data<ActionData>({ result: submission.reply({ formErrors: [translate(locale, key)] }) }, { status });

  if (form.intent === "resetFactor") {
    if (user.role !== "admin") return refuse("adminStaff.staff.ownerOnly", 403);
    const reset = await services.secondFactor.reset(form.userId, { id: user.id, ip: clientIp });
    if (!reset) return refuse("adminStaff.staff.noFactor", 404);
    return { ok: true, message: translate(locale, "adminStaff.staff.factorReset") } satisfies ActionData;
  }
  const userId = form.intent === "save" ? form.userId : await services.staffRoles.idByEmail(form.email);
  if (userId === null) {
    const reply = submission.reply({
      fieldErrors: { email: [translate(locale, "adminStaff.staff.notFound")] },
    });
    return data<ActionData>({ result: reply }, { status: 422 });
  }
  const result = await services.staffRoles.change({
    actor,
    userId,
    role: form.role,
    extraScopes: form.intent === "save" ? form.scopes : [],
  });
  if (result.ok)
    return { ok: true, message: translate(locale, "adminStaff.staff.saved") } satisfies ActionData;
  if (result.code === "not_found") return refuse("adminStaff.staff.notFound", 404);
  if (result.code === "owner_only") return refuse("adminStaff.staff.ownerOnly", 403);
  return refuse("adminStaff.staff.lastOwner", 409);
}

type Member = Route.ComponentProps["loaderData"]["members"][number];

function MemberForm({ member, isOwner }: { member: Member; isOwner: boolean }) {
  const { t } = useTranslation();
  const roles = ["user", ...STAFF_ROLES].filter(
    (role) => isOwner || role !== "admin" || member.role === "admin",
  );
  const locked = !isOwner && member.role === "admin";
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3" aria-label={member.username}>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="userId" value={member.id} />
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t("adminStaff.staff.role")}
        <select
          name="role"
          defaultValue={member.role}
          disabled={locked}
          className="rounded-md border border-line bg-white px-2 py-1.5 font-normal"
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {t(`admin.role.${role as Member["role"]}`)}
            </option>
          ))}
        </select>
      </label>
      <p className="basis-full text-sm text-muted">
        {t("adminStaff.staff.fromRole")}:{" "}
        {ROLE_SCOPES[member.role].map((scope) => t(`admin.scope.${scope}`)).join(", ") || "–"}
      </p>
      <fieldset className="flex flex-wrap gap-x-3 gap-y-1 text-sm" disabled={locked}>
        <legend className="font-semibold">{t("adminStaff.staff.extraScopes")}</legend>
        {STAFF_SCOPES.map((scope) => (
          <label key={scope} className="flex items-center gap-1">
            <input
              type="checkbox"
              name="scopes"
              value={scope}
              defaultChecked={member.extraScopes.includes(scope)}
            />
            {t(`admin.scope.${scope}`)}
          </label>
        ))}
      </fieldset>
      {locked ? null : (
        <button
          type="submit"
          className="rounded-md border border-primary-dark px-3 py-1.5 font-semibold text-primary-dark hover:bg-light"
        >
          {t("adminStaff.staff.save")}
        </button>
      )}
    </Form>
  );
}

function useColumns(isOwner: boolean): ColumnDef<Member, unknown>[] {
  const { t } = useTranslation();
  return [
    {
      id: "name",
      header: t("adminStaff.staff.name"),
      cell: ({ row }) => (
        <div className="flex flex-col">
          <span className="font-semibold">{row.original.username}</span>
          {row.original.name ? <span>{row.original.name}</span> : null}
          <span className="break-all text-muted">{row.original.email}</span>
        </div>
      ),
    },
    {
      id: "role",
      header: `${t("adminStaff.staff.role")} · ${t("adminStaff.staff.scopes")}`,
      cell: ({ row }) => <MemberForm member={row.original} isOwner={isOwner} />,
    },
    {
      id: "secondFactor",
      header: t("adminStaff.staff.secondFactor"),
      cell: ({ row }) => (
        <div className="flex flex-col items-start gap-2">
          <span>
            {t(row.original.secondFactor ? "adminStaff.staff.factorActive" : "adminStaff.staff.factorNone")}
          </span>
          {isOwner && row.original.secondFactor ? (
            <Form method="post" aria-label={`${t("adminStaff.staff.resetFactor")}: ${row.original.username}`}>
              <input type="hidden" name="intent" value="resetFactor" />
              <input type="hidden" name="userId" value={row.original.id} />
              <button
                type="submit"
                className="text-sm text-danger underline underline-offset-4"
                title={t("adminStaff.staff.resetConfirm")}
              >
                {t("adminStaff.staff.resetFactor")}
              </button>
            </Form>
          ) : null}
        </div>
      ),
    },
  ];
}

function AddMember({ isOwner, result }: { isOwner: boolean; result: FormReply | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(StaffAddSchema, result, { shouldValidate: "onSubmit" });
  const roles = STAFF_ROLES.filter((role) => isOwner || role !== "admin");
  return (
    <section className="rounded-xl border border-line bg-white p-4" aria-labelledby="staff-add">
      <h2 id="staff-add" className="font-serif text-xl text-primary-dark">
        {t("adminStaff.staff.addTitle")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("adminStaff.staff.addLead")}</p>
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="mt-3 grid gap-3 tablet:grid-cols-[1fr_14rem_auto] tablet:items-start"
      >
        <input type="hidden" name="intent" value="add" />
        <TextField
          name="email"
          type="email"
          label={t("adminStaff.staff.email")}
          errors={form.allErrors}
          defaultValue={fields.email.initialValue ?? ""}
          maxLength={254}
        />
        <SelectField
          name="role"
          label={t("adminStaff.staff.role")}
          errors={form.allErrors}
          options={roles.map((role) => ({ value: role, label: t(`admin.role.${role}`) }))}
          defaultValue="moderator"
        />
        <div className="tablet:pt-7">
          <SubmitButton busy={navigation.state === "submitting"}>{t("adminStaff.staff.add")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

export default function StaffPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionData = useActionData<ActionData>();
  const columns = useColumns(loaderData.isOwner);
  const members = loaderData.members;
  return (
    <section className="flex flex-col gap-6" data-testid="admin-staff">
      <div>
        <h1 className="font-serif text-3xl text-primary-dark">{t("adminStaff.staff.title")}</h1>
        <p className="mt-1 text-muted">{t("adminStaff.staff.lead")}</p>
      </div>
      {actionData?.ok ? (
        <p role="status" className="rounded bg-success/10 px-3 py-2 text-[#1f5c44]">
          {actionData.message}
        </p>
      ) : null}
      <FormError messages={actionData?.result?.error?.[""] ?? undefined} />
      <DataTable
        id="staff"
        caption={t("adminStaff.staff.title")}
        columns={columns}
        page={{ rows: members, total: members.length, page: 1, size: Math.max(25, members.length) }}
        search={false}
        rowKey={(row) => row.id}
      />
      <AddMember isOwner={loaderData.isOwner} result={actionData?.result} />
    </section>
  );
}
