import type { Route } from "./+types/home";
import { appContext } from "../context.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.locale === "en" ? "Rarita – collectible spirits and cigars" : "Rarita – sběratelský alkohol a doutníky" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(appContext);
  return { locale };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const en = loaderData.locale === "en";
  return (
    <main>
      <header className="bg-primary-dark text-white">
        <div className="container-page flex items-center justify-between py-4">
          <a href={en ? "/en" : "/"} className="font-serif text-3xl tracking-wide text-secondary">
            Rarita
          </a>
        </div>
      </header>
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
    </main>
  );
}
