import { data, redirect } from "react-router";
import { RichText } from "../components/ui/rich-text.tsx";
import { appContext } from "../context.ts";
import { localePath } from "../i18n/paths.ts";
import type { Route } from "./+types/info";

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: `${loaderData.page.title} – Rarita` }] : [];
}

/** Info pages (terms at /info/1/obchodni-podminky, privacy at /info/2/gdpr); a wrong slug redirects to the right one. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, locale } = context.get(appContext);
  const id = Number(params.id);
  const page = Number.isSafeInteger(id) && id > 0 ? await services.cms.infoPage(id, locale) : null;
  if (!page) throw data(null, { status: 404 });
  if (page.slug !== params.slug)
    throw redirect(localePath("info", locale, { id: page.id, slug: page.slug }), 301);
  return { page };
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
