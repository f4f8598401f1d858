import { data } from "react-router";
import { appContext } from "#app/context.ts";
import { DataTable } from "#app/features/admin/data-table.tsx";
import { type GroupsReply, NewGroupForm, useGroupColumns } from "#app/features/admin/users/group-forms.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { parseForm } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { GroupsFormSchema } from "#core/schemas/admin-users.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/groups";

/**
 * Groups of users and their discount on fees (docs/product/back-office.md, "Users"): add one,
 * rename it or change its discount (a whole percent 0–100), delete one nobody is in. A user is put
 * in a group from their page. Every change is audited.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminUsers.groups.title"), noindex: true }));
}

export async function loader({ context }: Route.LoaderArgs) {
  requireScope(context, "users");
  return { groups: await context.get(appContext).services.adminGroups.groups() };
}

const INTENTS: readonly string[] = ["create", "update", "delete"] satisfies GroupsReply["intent"][];

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireScope(context, "users");
  const { services, locale, clientIp } = context.get(appContext);
  const submission = parseForm(await request.formData(), GroupsFormSchema, locale);
  const intent = String(submission.payload.intent ?? "");
  if (!INTENTS.includes(intent)) throw data(null, { status: 400 });
  const rawId = Number(submission.payload.groupId);
  const reply = (extra: Partial<GroupsReply>, status = 200) =>
    data(
      {
        intent: intent as GroupsReply["intent"],
        groupId: Number.isInteger(rawId) && rawId > 0 ? rawId : null,
        result: null,
        message: null,
        ok: true,
        ...extra,
      },
      { status },
    );
  if (submission.status !== "success") return reply({ result: submission.reply(), ok: false }, 422);
  const form = submission.value;
  const actor = { actorId: staff.id, ip: clientIp };
  const service = services.adminGroups;
  const notFound = () => reply({ message: translate(locale, "errors.notFound"), ok: false }, 404);
  if (form.intent === "create") {
    await service.createGroup(form, actor);
    return reply({
      result: submission.reply({ resetForm: true }),
      message: translate(locale, "adminUsers.groups.created"),
    });
  }
  if (form.intent === "update") {
    const saved = await service.updateGroup(form.groupId, form, actor);
    return saved ? reply({ message: translate(locale, "adminUsers.groups.updated") }) : notFound();
  }
  const result = await service.deleteGroup(form.groupId, actor);
  if (!result.ok && result.code === "not_found") return notFound();
  if (!result.ok)
    return reply({ message: translate(locale, "adminUsers.errors.groupNotEmpty"), ok: false }, 409);
  return reply({ message: translate(locale, "adminUsers.groups.deleted") });
}

export default function AdminGroupsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns = useGroupColumns(actionData);
  const groups = loaderData.groups;
  const deleted = actionData?.intent === "delete" && actionData.ok ? actionData.message : null;
  return (
    <section className="flex flex-col gap-6" data-testid="admin-groups">
      <div>
        <h1 className="font-serif text-3xl text-primary-dark">{t("adminUsers.groups.title")}</h1>
        <p className="mt-2 max-w-2xl text-muted">{t("adminUsers.groups.lead")}</p>
      </div>
      {deleted ? (
        <p role="status" className="font-semibold text-[#1f5c44]">
          {deleted}
        </p>
      ) : null}
      <DataTable
        id="groups"
        caption={t("adminUsers.groups.title")}
        columns={columns}
        page={{ rows: groups, total: groups.length, page: 1, size: Math.max(25, groups.length) }}
        search={false}
        rowKey={(row) => row.id}
      />
      <NewGroupForm reply={actionData} />
    </section>
  );
}
