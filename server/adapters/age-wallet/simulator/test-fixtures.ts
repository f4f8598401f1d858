/**
 * A browser's part of the wallet flow for the tests (not part of the product): opens the wallet's
 * page at the verifier's redirect address, submits its form as a browser would (the hidden request
 * fields, the chosen radio, the pressed button, the wallet's cookie) and reads the auto-submitting
 * response form: where it posts and what.
 */
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};
const unescapeHtml = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);

export type PostedForm = { action: string; fields: Record<string, string> };

/** The first form of a page: its action and its hidden fields. */
export function readForm(html: string): PostedForm {
  const form = /<form method="post" action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error(`no form on the page: ${html.slice(0, 400)}`);
  const fields: Record<string, string> = {};
  for (const input of form[2].matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields[unescapeHtml(input[1])] = unescapeHtml(input[2]);
  return { action: unescapeHtml(form[1]), fields };
}

/** The radio values the wallet's form offers. */
export function choicesOf(html: string): string[] {
  return [...html.matchAll(/<input type="radio" name="choice" value="([^"]*)"/g)].map((m) => m[1]);
}

export type WalletBrowser = {
  /** Opens the wallet's page, answers it, and answers the response form it leads to. */
  answer(
    redirectUrl: string,
    pick: { action: "present" | "refuse"; choice?: string; renewKey?: boolean },
    tamper?: (query: URLSearchParams) => void,
  ): Promise<PostedForm>;
};

/** A browser with its own cookie (its own wallet and so its own holder key). */
export function walletBrowser(): WalletBrowser {
  let cookie = "";
  const remember = (response: Response) => {
    const set = response.headers.get("set-cookie");
    if (set) cookie = set.split(";")[0];
  };
  return {
    async answer(redirectUrl, pick, tamper) {
      const url = new URL(redirectUrl);
      tamper?.(url.searchParams);
      const page = await fetch(url, { headers: cookie ? { cookie } : {} });
      remember(page);
      const html = await page.text();
      if (page.status !== 200) throw new Error(`the wallet refused the request (${page.status}): ${html}`);
      const form = readForm(html);
      const body = new URLSearchParams(form.fields);
      if (pick.choice) body.set("choice", pick.choice);
      else body.set("choice", choicesOf(html)[0]);
      if (pick.renewKey) body.set("renew_key", "1");
      body.set("action", pick.action);
      const posted = await fetch(new URL(form.action, url), {
        method: "POST",
        body,
        headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
      });
      remember(posted);
      const response = await posted.text();
      if (posted.status !== 200) throw new Error(`the wallet failed (${posted.status}): ${response}`);
      return readForm(response);
    },
  };
}
