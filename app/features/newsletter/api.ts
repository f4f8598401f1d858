import type { Locale } from "#core/i18n/index.ts";

/**
 * The newsletter calls (docs/product/calls-and-errors.md, "The spec's calls"). The browser's session
 * cookie authenticates the two logged-in calls; every request carries the clientUrl header (the
 * site's own address; "Every request" in the same file).
 */
export type SaveSubscriberResult =
  | { status: "saved" }
  | { status: "already_exists" }
  | { status: "invalid"; errors: Record<string, string[]> }
  | { status: "failed" };

function headers(): HeadersInit {
  return {
    Accept: "application/json",
    "Content-Type": "application/json",
    clientUrl: window.location.origin,
  };
}

async function json(response: Response): Promise<Record<string, unknown>> {
  try {
    const body = await response.json();
    return body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

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
    const response = await fetch(`/api/subscriber/save?lang=${locale}`, {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({ email, selectedCategories }),
    });
    if (response.ok) return { status: "saved" };
    const body = await json(response);
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
    const response = await fetch(`/api/subscriber/get?lang=${locale}`, { headers: headers() });
    if (!response.ok) return null;
    const body = await json(response);
    return isCategoryList(body.selectedCategories) ? body.selectedCategories : [];
  } catch {
    return null;
  }
}

/** POST /api/subscriber/preferences: true when saved. */
export async function savePreferences(selectedCategories: number[], locale: Locale): Promise<boolean> {
  try {
    const response = await fetch(`/api/subscriber/preferences?lang=${locale}`, {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({ selectedCategories }),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** GET /api/me: the logged-in user's account e-mail, or null. */
export async function loadAccountEmail(): Promise<string | null> {
  try {
    const response = await fetch("/api/me", { headers: headers() });
    if (!response.ok) return null;
    const body = await json(response);
    const email = (body.data as { email?: unknown } | undefined)?.email;
    return typeof email === "string" ? email : null;
  } catch {
    return null;
  }
}
