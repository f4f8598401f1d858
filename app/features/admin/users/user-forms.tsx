import { Form, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, useSchemaForm } from "#app/ui/forms/conform.ts";
import { FormError, SelectField, TextField } from "#app/ui/forms/fields.tsx";
import { formatDate } from "#core/formats/dates.ts";
import { AdminUserFormSchema } from "#core/schemas/admin-users.ts";
import { Card } from "./user-sections.tsx";

/** The user page's forms (routes/admin/users/user.tsx): group, verification, GDPR erasure. */

export type UserFormIntent = "assignGroup" | "verification" | "erase";
/** What the page's action answered, for the one form that sent it. */
export type UserFormReply = {
  intent: UserFormIntent;
  result: FormReply | null;
  message: string | null;
  ok: boolean;
};

export const buttonClass =
  "rounded-md bg-primary-dark px-4 py-2 font-semibold text-white hover:bg-primary-dark/90 disabled:opacity-60";
const dangerClass =
  "rounded-md bg-danger px-4 py-2 font-semibold text-white hover:bg-danger/90 disabled:opacity-60";

function useUserForm(intent: UserFormIntent, reply: UserFormReply | undefined) {
  const mine = reply?.intent === intent ? reply : undefined;
  const [form] = useSchemaForm(AdminUserFormSchema, mine?.result, { id: `user-${intent}` });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return { form, mine, busy };
}

function Outcome({ reply }: { reply: UserFormReply | undefined }) {
  if (!reply?.message) return null;
  return reply.ok ? (
    <p role="status" className="text-sm font-semibold text-[#1f5c44]">
      {reply.message}
    </p>
  ) : (
    <FormError messages={[reply.message]} />
  );
}

export function GroupForm(props: {
  groupId: number | null;
  groups: { id: number; name: string; discountPercent: number }[];
  reply: UserFormReply | undefined;
}) {
  const { t } = useTranslation();
  const { form, mine, busy } = useUserForm("assignGroup", props.reply);
  return (
    <Card id="user-group" title={t("adminUsers.groupForm.title")}>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="assignGroup" />
        <SelectField
          name="groupId"
          label={t("adminUsers.groupForm.label")}
          required={false}
          errors={form.allErrors}
          defaultValue={props.groupId === null ? "" : String(props.groupId)}
          placeholder={t("adminUsers.groupForm.none")}
          options={props.groups.map((group) => ({
            value: String(group.id),
            label: `${group.name} (−${group.discountPercent} %)`,
          }))}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass} disabled={busy}>
            {t("adminUsers.groupForm.submit")}
          </button>
          <Outcome reply={mine} />
        </div>
      </Form>
    </Card>
  );
}

export function VerificationForm(props: { verifiedAt: string | null; reply: UserFormReply | undefined }) {
  const { t, locale } = useTranslation();
  const { form, mine, busy } = useUserForm("verification", props.reply);
  const verified = props.verifiedAt !== null;
  return (
    <Card id="user-verification" title={t("adminUsers.verification.title")}>
      <p className="mb-3 text-sm">
        {verified
          ? t("adminUsers.verification.isVerified", { date: formatDate(props.verifiedAt!, locale) })
          : t("adminUsers.verification.notVerified")}
      </p>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="verification" />
        <input type="hidden" name="verified" value={verified ? "false" : "true"} />
        <TextField
          name="reason"
          label={t("adminUsers.verification.reason")}
          errors={form.allErrors}
          maxLength={500}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={verified ? dangerClass : buttonClass} disabled={busy}>
            {verified ? t("adminUsers.verification.unverify") : t("adminUsers.verification.verify")}
          </button>
          <Outcome reply={mine} />
        </div>
      </Form>
    </Card>
  );
}

/** The GDPR export's download and the erasure, confirmed by the username typed again. */
export function GdprCard(props: {
  userId: number;
  username: string;
  isStaff: boolean;
  reply: UserFormReply | undefined;
}) {
  const { t } = useTranslation();
  const { form, mine, busy } = useUserForm("erase", props.reply);
  return (
    <Card id="user-gdpr" title={t("adminUsers.gdpr.title")}>
      <p className="mb-3 text-sm text-muted">{t("adminUsers.gdpr.lead")}</p>
      <a
        href={`/api/admin/users/${props.userId}/export`}
        download
        className="inline-block rounded-md border border-line px-4 py-2 font-semibold text-primary-dark hover:bg-light"
      >
        {t("adminUsers.gdpr.export")}
      </a>
      <h3 className="mt-5 font-semibold">{t("adminUsers.gdpr.eraseTitle")}</h3>
      {props.isStaff ? (
        <p className="mt-1 text-sm text-muted">{t("adminUsers.gdpr.staffRefused")}</p>
      ) : (
        <Form
          method="post"
          id={form.id}
          onSubmit={form.onSubmit}
          noValidate
          className="mt-1 flex flex-col gap-3"
        >
          <p className="text-sm text-muted">{t("adminUsers.gdpr.eraseLead")}</p>
          <input type="hidden" name="intent" value="erase" />
          <TextField
            name="username"
            label={t("adminUsers.gdpr.confirm", { username: props.username })}
            errors={form.allErrors}
            autoComplete="off"
            maxLength={100}
          />
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className={dangerClass} disabled={busy}>
              {t("adminUsers.gdpr.erase")}
            </button>
            <Outcome reply={mine} />
          </div>
        </Form>
      )}
    </Card>
  );
}
