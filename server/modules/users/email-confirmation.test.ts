import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../test/api-harness.ts";
import { createEmailConfirmationService } from "./email-confirmation.ts";
import { users } from "./tables.ts";

let api: TestApi;
let now = new Date("2026-05-01T10:00:00Z");
let service: ReturnType<typeof createEmailConfirmationService>;
const tokenOf = (url: string) => url.split("/").at(-1)!;

beforeAll(async () => {
  api = await createTestApi();
  service = createEmailConfirmationService(api.db, api.services.mail, api.config, () => now);
});
afterAll(() => api?.close());

describe("e-mail confirmation", () => {
  it("confirms once, then says the link was used", async () => {
    const { user } = await api.createUser();
    const token = tokenOf(await service.createLink(user.id, user.email.toUpperCase()));
    expect(await service.confirm(token)).toEqual({ status: "confirmed", email: user.email.toUpperCase() });
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row.emailConfirmedAt?.toISOString()).toBe(now.toISOString());
    expect(await service.confirm(token)).toEqual({ status: "used" });
  });

  it("refuses an expired, unknown or outdated link", async () => {
    const { user } = await api.createUser();
    const token = tokenOf(await service.createLink(user.id, user.email));
    now = new Date(now.getTime() + 48 * 3600 * 1000 + 1);
    expect(await service.confirm(token)).toEqual({ status: "expired" });
    expect(await service.confirm("nonsense")).toEqual({ status: "invalid" });
    const other = tokenOf(await service.createLink(user.id, "old@example.cz"));
    expect(await service.confirm(other)).toEqual({ status: "invalid" });
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row.emailConfirmedAt).toBeNull();
  });

  it("resends a link in the user's language", async () => {
    const { user } = await api.createUser({ locale: "en" });
    expect(await service.resend(user.id)).toBe(true);
    expect(await api.deliverMail()).toBe(1);
    const mail = api.sentMail.at(-1)!;
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe("Please confirm your e-mail");
    expect(mail.text).toContain(`Confirm e-mail: ${api.config.publicUrl}/en/confirm-email/`);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain("Confirm e-mail</a>");
  });
});
