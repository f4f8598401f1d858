import { appContext } from "../context.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { pageMeta } from "../ui/seo/page-meta.ts";
import type { Route } from "./+types/documents";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("pages.documentsTitle"),
    description: t("pages.documentsDescription"),
  }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, locale } = context.get(appContext);
  return { documents: await services.cms.documents(locale) };
}

function fileSize(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

export default function Documents({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="container-page py-10">
      <div className="mx-auto max-w-3xl">
        <h1 className="font-serif text-4xl text-primary-dark">{t("pages.documentsTitle")}</h1>
        {loaderData.documents.length === 0 ? (
          <p className="mt-6 text-muted">{t("pages.documentsEmpty")}</p>
        ) : (
          <ul className="mt-6 divide-y divide-line rounded-lg border border-line bg-white">
            {loaderData.documents.map((doc) => (
              <li key={doc.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div>
                  <p className="font-semibold">{doc.title}</p>
                  {doc.description ? <p className="text-sm text-muted">{doc.description}</p> : null}
                </div>
                <a
                  href={doc.url}
                  download={doc.fileName}
                  className="rounded border border-primary-dark px-3 py-1 text-primary-dark hover:bg-primary-dark hover:text-white"
                >
                  {t("pages.download")} ({fileSize(doc.sizeBytes)})
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
