import { loadApiClient } from "#app/lib/api/index.ts";
import type { Locale } from "#core/i18n/index.ts";

/**
 * The newsletter calls (docs/product/calls-and-errors.md, "The spec's calls"), through the typed
 * API client (app/lib/api). The browser's session cookie authenticates the two logged-in calls;
 * every request carries the clientUrl header (the site's own address; "Every request" in the same
 * file).
 */
export type SaveSubscriberResult =
  | { status: "saved" }
  | { status: "already_exists" }
  | { status: "invalid"; errors: Record<string, string[]> }
  | { status: "failed" };

const headers = () => ({ clientUrl: window.location.origin });

function isCategoryList(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((id) => Number.isInteger(id));
}

/** POST /api/subscriber/save. */
export async function saveSubscriber(
  email: string,
  selectedCategories: number[],
  locale: Locale,
): Promise<SaveSubscriberResult> {
  try {
    const api = await loadApiClient();
    const { response, error } = await api.POST("/subscriber/save", {
      params: { query: { lang: locale } },
      headers: headers(),
      body: { email, selectedCategories },
    });
    if (response.ok) return { status: "saved" };
    const body: Record<string, unknown> = error && typeof error === "object" ? error : {};
    if (body.error === "already_exists") return { status: "already_exists" };
    if (response.status === 422 && body.errors && typeof body.errors === "object")
      return { status: "invalid", errors: body.errors as Record<string, string[]> };
    return { status: "failed" };
  } catch {
    return { status: "failed" };
  }
}

/** GET /api/subscriber/get: the stored categories, or null when they cannot be loaded. */
export async function loadPreferences(locale: Locale): Promise<number[] | null> {
  try {
    const api = await loadApiClient();
    const { data } = await api.GET("/subscriber/get", {
      params: { query: { lang: locale } },
      headers: headers(),
    });
    if (!data) return null;
    return isCategoryList(data.selectedCategories) ? data.selectedCategories : [];
  } catch {
    return null;
  }
}

/** POST /api/subscriber/preferences: true when saved. */
export async function savePreferences(selectedCategories: number[], locale: Locale): Promise<boolean> {
  try {
    const api = await loadApiClient();
    const { response } = await api.POST("/subscriber/preferences", {
      params: { query: { lang: locale } },
      headers: headers(),
      body: { selectedCategories },
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** GET /api/me: the logged-in user's account e-mail, or null. */
export async function loadAccountEmail(): Promise<string | null> {
  try {
    const api = await loadApiClient();
    const { data } = await api.GET("/me", { headers: headers() });
    const email = data?.data.email;
    return typeof email === "string" ? email : null;
  } catch {
    return null;
  }
}
