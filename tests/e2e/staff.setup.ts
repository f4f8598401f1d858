import { test as setup } from "@playwright/test";
import { DEMO_STAFF } from "../../server/db/seed/staff-data.ts";
import { freshStaffApiToken, saveSharedStaffSession } from "./staff.ts";

/**
 * The "staff-setup" project (playwright.config.ts): signs every demo staff account in once for the
 * whole run, password and second factor through the API, and stores its session for signInStaff
 * and staffApiToken (tests/e2e/staff.ts says why the sessions are shared). One code per account:
 * the server is new for every run, so no code has been used yet.
 */
for (const staff of DEMO_STAFF) {
  setup(`${staff.email} signs in once for the run`, async ({ request, baseURL }) => {
    saveSharedStaffSession(staff.email, await freshStaffApiToken(request, staff.email), baseURL!);
  });
}
