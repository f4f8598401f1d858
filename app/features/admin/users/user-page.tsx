import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";
import { isStaffRole, type UserRole } from "#core/rules/staff.ts";
import { ActivitySections } from "./user-activity.tsx";
import { GdprCard, GroupForm, type UserFormReply, VerificationForm } from "./user-forms.tsx";
import {
  currentRestriction,
  DecisionLink,
  ModerationCard,
  type UserDecision,
  type UserModeration,
} from "./user-moderation.tsx";
import { Addresses, Card, Facts } from "./user-sections.tsx";
import { UserStateBadges } from "./user-table.tsx";

type Props = {
  user: {
    id: number;
    email: string;
    username: string;
    firstname: string | null;
    lastname: string | null;
    phone: string | null;
    locale: string;
    role: UserRole;
    group: { id: number; name: string; discountPercent: number } | null;
    emailConfirmedAt: string | null;
    adultConfirmedAt: string | null;
    verifiedAt: string | null;
    blockedAt: string | null;
    blockedReason: string | null;
    suspendedUntil: string | null;
    deletedAt: string | null;
    createdAt: string;
    lastLoginAt: string | null;
    addresses: Parameters<typeof Addresses>[0]["addresses"];
  };
  activity: Parameters<typeof ActivitySections>[0]["activity"] & { sessions: number };
  groups: { id: number; name: string; discountPercent: number }[];
  /** Null for staff without the `moderation` scope: they see the restriction, not moderation's records. */
  moderation: UserModeration | null;
  reply: UserFormReply | undefined;
};

type User = Props["user"];

function UserHeader({ user }: { user: User }) {
  const { t, locale } = useTranslation();
  return (
    <div>
      <Link
        to={localePath("adminUsers", locale)}
        className="text-sm text-primary-dark underline underline-offset-4"
      >
        {t("adminUsers.detail.back")}
      </Link>
      <h1 className="mt-2 flex flex-wrap items-center gap-3 font-serif text-3xl text-primary-dark">
        <span>{user.username}</span>
        <span className="font-sans text-base text-muted">#{user.id}</span>
        <UserStateBadges
          verified={user.verifiedAt !== null}
          blocked={user.blockedAt !== null}
          suspendedUntil={user.suspendedUntil}
        />
      </h1>
      {user.deletedAt ? (
        <p role="status" className="mt-2 rounded bg-ink/5 px-3 py-2">
          {t("adminUsers.gdpr.deleted", { date: formatDate(user.deletedAt, locale) })}
        </p>
      ) : null}
    </div>
  );
}

/** "Yes (date)" or "No" for a moment something was confirmed. */
function useYes() {
  const { t, locale } = useTranslation();
  return (iso: string | null) => (iso ? `${t("admin.yes")} (${formatDate(iso, locale)})` : t("admin.no"));
}

function ContactsCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const yes = useYes();
  const d = "adminUsers.detail";
  return (
    <Card id="user-contacts" title={t(`${d}.contacts`)}>
      <Facts
        rows={[
          [t(`${d}.name`), [user.firstname, user.lastname].filter(Boolean).join(" ") || t("adminUsers.none")],
          [t(`${d}.email`), user.email],
          [t(`${d}.emailConfirmed`), yes(user.emailConfirmedAt)],
          [t(`${d}.phone`), user.phone ?? t("adminUsers.none")],
          [t(`${d}.locale`), user.locale],
        ]}
      />
    </Card>
  );
}

function AccountCard({ user, sessions }: { user: User; sessions: number }) {
  const { t, locale } = useTranslation();
  const yes = useYes();
  const d = "adminUsers.detail";
  return (
    <Card id="user-account" title={t(`${d}.account`)}>
      <Facts
        rows={[
          [
            t(`${d}.role`),
            <span key="role">
              {t(`admin.role.${user.role}`)}{" "}
              <span className="block text-xs text-muted">{t(`${d}.roleHint`)}</span>
            </span>,
          ],
          [
            t(`${d}.group`),
            user.group ? `${user.group.name} (−${user.group.discountPercent} %)` : t("adminUsers.none"),
          ],
          [t(`${d}.verified`), yes(user.verifiedAt)],
          [t(`${d}.adult`), yes(user.adultConfirmedAt)],
          [t(`${d}.createdAt`), formatDate(user.createdAt, locale, true)],
          [
            t(`${d}.lastLoginAt`),
            user.lastLoginAt ? formatDate(user.lastLoginAt, locale, true) : t("adminUsers.never"),
          ],
          [t(`${d}.sessions`), String(sessions)],
        ]}
      />
    </Card>
  );
}

/** The back office's page of one account (routes/admin/users/user.tsx). */
export function UserPage({ user, activity, groups, moderation, reply }: Props) {
  const { t } = useTranslation();
  const d = "adminUsers.detail";
  return (
    <article className="flex flex-col gap-6" data-testid="admin-user">
      <UserHeader user={user} />
      <div className="grid gap-6 desktop:grid-cols-2">
        <ContactsCard user={user} />
        <AccountCard user={user} sessions={activity.sessions} />
      </div>

      <Card id="user-restrictions" title={t(`${d}.restrictions`)}>
        <Restrictions
          user={user}
          moderates={moderation !== null}
          decision={moderation ? currentRestriction(moderation.decisions.rows) : null}
        />
      </Card>

      <Card id="user-addresses" title={t(`${d}.addresses`)}>
        <Addresses addresses={user.addresses} />
      </Card>

      {user.deletedAt ? null : (
        <div className="grid gap-6 desktop:grid-cols-2">
          <GroupForm groupId={user.group?.id ?? null} groups={groups} reply={reply} />
          <VerificationForm verifiedAt={user.verifiedAt} reply={reply} />
        </div>
      )}

      {moderation ? <ModerationCard moderation={moderation} userId={user.id} /> : null}

      <ActivitySections activity={activity} />

      {user.deletedAt ? null : (
        <GdprCard userId={user.id} username={user.username} isStaff={isStaffRole(user.role)} reply={reply} />
      )}
    </article>
  );
}

/** The current block or suspension, and the way to restrict the account: moderation's, with a statement of reasons. */
function Restrictions({
  user,
  decision,
  moderates,
}: {
  user: Props["user"];
  decision: UserDecision | null;
  /** The staff member may moderate: the link to restrict the account (moderation's page). */
  moderates: boolean;
}) {
  const { t, locale } = useTranslation();
  const d = "adminUsers.detail";
  const restricted = user.blockedAt !== null || user.suspendedUntil !== null;
  return (
    <div className="flex flex-col gap-2 text-sm">
      {user.blockedAt ? (
        <p>
          {t(`${d}.blockedSince`, { date: formatDate(user.blockedAt, locale, true) })}
          {user.blockedReason ? ` · ${t(`${d}.blockedReason`, { reason: user.blockedReason })}` : null}
        </p>
      ) : null}
      {user.suspendedUntil ? (
        <p>{t(`${d}.suspendedUntil`, { date: formatDate(user.suspendedUntil, locale, true) })}</p>
      ) : null}
      {restricted && decision ? (
        <p>
          {t("adminUsers.moderation.restrictionDecision")} <DecisionLink decision={decision} />
        </p>
      ) : null}
      {restricted ? null : <p className="text-muted">{t(`${d}.notRestricted`)}</p>}
      {user.deletedAt || !moderates ? null : (
        <p>
          <Link
            to={localePath("adminUserRestriction", locale, { id: user.id })}
            className="font-semibold text-primary-dark underline underline-offset-4"
          >
            {t(`${d}.restrict`)}
          </Link>
        </p>
      )}
    </div>
  );
}
