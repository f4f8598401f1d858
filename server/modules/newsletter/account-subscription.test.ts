import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCatalogFixture } from "#server/test/fixtures.ts";

let api: TestApi;
let rum: number;
beforeAll(async () => {
  api = await createTestApi();
  rum = (await insertCatalogFixture(api.db)).categories.rum.id;
});
afterAll(() => api?.close());

describe("the account's newsletter subscription (/ucet/newslettery)", () => {
  it("goes from none to pending to active, and back to none when the user unsubscribes", async () => {
    const { user } = await api.createUser();
    const newsletter = api.services.newsletter;
    expect(await newsletter.subscription(user.email)).toEqual({ status: "none", selectedCategories: [] });

    await newsletter.savePreferences({ id: user.id, email: user.email, emailConfirmed: false }, [rum], "cs");
    expect(await newsletter.subscription(user.email)).toEqual({
      status: "pending",
      selectedCategories: [rum],
    });

    // The opt-in mail carries the unsubscribe link in the body and as one-click headers (RFC 2369, 8058).
    await api.deliverMail();
    const mail = api.sentMail.at(-1)!;
    const token = mail.text.match(/\/newsletter\/potvrzeni\/([\w-]+)/)![1];
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${api.config.publicUrl}/newsletter/odhlaseni/${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail.text).toContain(`${api.config.publicUrl}/newsletter/odhlaseni/${token}`);
    await newsletter.confirmSubscription(token);
    expect((await newsletter.subscription(user.email.toUpperCase())).status).toBe("active");

    expect(await newsletter.unsubscribeEmail(user.email)).toBe(true);
    expect(await newsletter.subscription(user.email)).toEqual({ status: "none", selectedCategories: [] });
    expect(await newsletter.unsubscribeEmail(user.email)).toBe(false);

    // Subscribing again from the page with a confirmed account e-mail is active at once.
    await newsletter.savePreferences({ id: user.id, email: user.email, emailConfirmed: true }, [], "cs");
    expect((await newsletter.subscription(user.email)).status).toBe("active");
  });
});
