import { data, redirect } from "react-router";
import { locales } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { appContext } from "../context.ts";
import { RichText } from "../ui/rich-text.tsx";
import { parsePathId } from "../ui/seo/canonical.ts";
import { metaDescription } from "../ui/seo/meta.ts";
import { pageMeta } from "../ui/seo/page-meta.ts";
import type { Route } from "./+types/info";

/** The page's slug differs by language: the hreflang links and the language switcher use both. */
export const handle = {
  alternates: (loaderData: Awaited<ReturnType<typeof loader>> | undefined) => loaderData?.paths,
};

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.page;
  if (!page) return [];
  return pageMeta(args, {
    title: page.title,
    // The body is whitelisted HTML: its text, without the tags, makes the snippet.
    description: metaDescription(page.body.replace(/<[^>]*>/g, " ")),
  });
}

/** Info pages (terms at /info/1/obchodni-podminky, privacy at /info/2/gdpr); a wrong slug redirects to the right one. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, locale } = context.get(appContext);
  const id = parsePathId(params.id);
  const page = id ? await services.cms.infoPage(id, locale) : null;
  if (!page) throw data(null, { status: 404 });
  if (page.slug !== params.slug)
    throw redirect(
      `${localePath("info", locale, { id: page.id, slug: page.slug })}${new URL(request.url).search}`,
      301,
    );
  const paths = Object.fromEntries(
    locales.map((language) => [
      language,
      localePath("info", language, { id: page.id, slug: page.slugs[language] }),
    ]),
  ) as Record<(typeof locales)[number], string>;
  return { page: { title: page.title, body: page.body }, paths };
}

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="container-page py-10">
      <div className="mx-auto max-w-3xl">
        <h1 className="font-serif text-4xl text-primary-dark">{page.title}</h1>
        <RichText source={page.body} className="mt-6" />
      </div>
    </article>
  );
}
