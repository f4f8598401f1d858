import { useTranslation } from "../i18n/use-translation.ts";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  const locale = (matches[0]?.loaderData as { locale?: string } | undefined)?.locale;
  return [
    {
      title:
        locale === "en"
          ? "Rarita – collectible spirits and cigars"
          : "Rarita – sběratelský alkohol a doutníky",
    },
  ];
}

export default function Home() {
  const { locale } = useTranslation();
  const en = locale === "en";
  return (
    <section className="container-page py-12">
      <h1 className="font-serif text-4xl text-primary-dark">
        {en ? "Collectible rum, whisky, wine and cigars" : "Sběratelský rum, whisky, víno a doutníky"}
      </h1>
      <p className="mt-4 max-w-2xl text-muted">
        {en
          ? "Auctions, classified ads and our own shop. Free delivery on orders above 1 500 CZK."
          : "Aukce, inzeráty a vlastní obchod. Doprava zdarma při nákupu nad 1 500 Kč."}
      </p>
    </section>
  );
}
