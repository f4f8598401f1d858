import { data, type RouterContextProvider } from "react-router";
import { appContext } from "#app/context.ts";
import type { UserFormIntent, UserFormReply } from "#app/features/admin/users/user-forms.tsx";
import { UserPage } from "#app/features/admin/users/user-page.tsx";
import { parseForm } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { hasScope } from "#core/rules/staff.ts";
import { AdminUserFormSchema } from "#core/schemas/admin-users.ts";
import { translateJoined } from "#core/validation/field-errors.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/user";

/**
 * One account in the back office (docs/product/back-office.md, "Users"): contacts, addresses,
 * group, role, verification, restrictions, registration, last login and sessions; the latest
 * listings, bids, orders and payments; the group, the verification mark, the GDPR export and the
 * erasure. Blocking and suspending are moderation's restrictions with a statement of reasons, linked;
 * with the `moderation` scope, the reports about the user and their content, and their decisions.
 */
export function meta(args: Route.MetaArgs) {
  const name = args.loaderData?.user.username;
  return pageMeta(args, (t) => ({
    title: name ? `${name} · ${t("adminUsers.title")}` : t("adminUsers.title"),
    noindex: true,
  }));
}

function userIdOf(params: { id?: string }, locale: "cs" | "en"): number {
  const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : 0;
  if (id < 1) throw data(translate(locale, "adminUsers.errors.notFound"), { status: 404 });
  return id;
}

/**
 * The moderation module's reads (its service, never its tables): the decisions that affected the
 * user, the reports about them and their listings, messages and reviews, and the ones they filed.
 * Only for staff who may moderate: a `users` scope alone does not open moderation's records.
 */
async function moderationOf(context: Readonly<RouterContextProvider>, id: number) {
  const { moderation } = context.get(appContext).services;
  const [decisions, reports] = await Promise.all([
    moderation.decisions({ limit: 20, offset: 0 }, { userId: id }),
    moderation.userReports(id, 20),
  ]);
  const decisionRows = decisions.rows.map((row) => ({
    id: row.id,
    action: row.action,
    targetLabel: row.targetLabel,
    createdAt: row.createdAt,
    reversedAt: row.reversedAt,
    deciderName: row.deciderName,
    suspendedUntil: row.suspendedUntil,
  }));
  return { decisions: { rows: decisionRows, total: decisions.total }, reports };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const staff = requireScope(context, "users");
  const { services, locale } = context.get(appContext);
  const id = userIdOf(params, locale);
  const user = await services.adminUsers.detail(id);
  if (!user) throw data(translate(locale, "adminUsers.errors.notFound"), { status: 404 });
  const [activity, groups, moderation] = await Promise.all([
    services.adminUsers.activity(id),
    services.adminGroups.groups(),
    hasScope(staff.scope, "moderation") ? moderationOf(context, id) : null,
  ]);
  return { user, activity, groups, moderation };
}

const INTENTS: readonly string[] = ["assignGroup", "verification", "erase"] satisfies UserFormIntent[];

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = requireScope(context, "users");
  const { services, locale, clientIp } = context.get(appContext);
  const id = userIdOf(params, locale);
  const submission = parseForm(await request.formData(), AdminUserFormSchema, locale);
  const intent = String(submission.payload.intent ?? "");
  if (!INTENTS.includes(intent)) throw data(null, { status: 400 });
  const reply = (extra: Partial<UserFormReply>, status = 200) =>
    data({ intent: intent as UserFormIntent, result: null, message: null, ok: true, ...extra }, { status });
  if (submission.status !== "success") return reply({ result: submission.reply(), ok: false }, 422);
  const form = submission.value;
  const actor = { actorId: staff.id, ip: clientIp };
  const service = services.adminUsers;
  const fieldError = (field: string, message: string) =>
    reply({ result: submission.reply({ fieldErrors: { [field]: [message] } }), ok: false }, 422);

  if (form.intent === "assignGroup") {
    const result = await service.assignGroup(id, form.groupId ?? null, actor);
    if (!result.ok && result.code === "no_group")
      return fieldError("groupId", translate(locale, "adminUsers.errors.noGroup"));
    if (!result.ok) throw data(translate(locale, "adminUsers.errors.notFound"), { status: 404 });
    return reply({ message: translate(locale, "adminUsers.groupForm.saved") });
  }
  if (form.intent === "verification") {
    const result = await service.setVerified(id, form, actor);
    if (!result.ok) throw data(translate(locale, "adminUsers.errors.notFound"), { status: 404 });
    return reply({
      result: submission.reply({ resetForm: true }),
      message: translate(locale, "adminUsers.verification.saved"),
    });
  }
  const result = await service.erase(id, { username: form.username }, actor);
  if (result.ok) return reply({ message: translate(locale, "adminUsers.gdpr.erased") });
  if (result.code === "mismatch")
    return fieldError("username", translate(locale, "adminUsers.errors.usernameMismatch"));
  if (result.code === "not_found")
    throw data(translate(locale, "adminUsers.errors.notFound"), { status: 404 });
  if (result.code === "staff")
    return reply({ message: translate(locale, "adminUsers.errors.staffErasure"), ok: false }, 409);
  return reply({ message: translateJoined(locale, result.details.reasons), ok: false }, 409);
}

export default function AdminUserRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <UserPage {...loaderData} reply={actionData} />;
}
