import type { TestPerson } from "./persons.ts";

const html = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/**
 * The simulator's login page (a bank's page in the shape of Bank iD's bank choice and login): one
 * button per test person, and "Zrušit" that answers the relying party `access_denied`.
 */
export function loginPage(uid: string, clientName: string, persons: TestPerson[]): string {
  const buttons = persons
    .map(
      (person) => `
      <li>
        <button type="submit" name="person" value="${html(person.id)}">
          <strong>${html(person.name)}</strong><span>${html(person.description)}</span>
        </button>
      </li>`,
    )
    .join("");
  return `<!doctype html>
<html lang="cs">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bankovní identita (simulátor)</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f3f4f6; margin: 0; padding: 1.5rem; color: #111827; }
  main { max-width: 28rem; margin: 0 auto; background: #fff; border-radius: .75rem; padding: 1.5rem; box-shadow: 0 1px 3px #0002; }
  h1 { font-size: 1.25rem; margin: 0 0 .5rem; }
  p { color: #4b5563; line-height: 1.5; }
  ul { list-style: none; padding: 0; margin: 1rem 0; display: grid; gap: .5rem; }
  button { width: 100%; text-align: left; padding: .75rem 1rem; border: 1px solid #d1d5db; border-radius: .5rem; background: #fff; font: inherit; cursor: pointer; }
  button:hover, button:focus-visible { border-color: #1d4ed8; outline: 2px solid #1d4ed8; }
  button span { display: block; color: #6b7280; font-size: .875rem; margin-top: .125rem; }
  .cancel { text-align: center; background: #f9fafb; }
  .note { font-size: .8rem; color: #6b7280; }
</style>
</head>
<body>
<main>
  <h1>Přihlášení bankovní identitou</h1>
  <p>Služba <strong>${html(clientName)}</strong> žádá jen o potvrzení, že je vám 18 let. Vyberte testovací osobu:</p>
  <form method="post" action="/interaction/${html(uid)}/login">
    <ul>${buttons}</ul>
  </form>
  <form method="post" action="/interaction/${html(uid)}/abort">
    <button type="submit" class="cancel">Zrušit</button>
  </form>
  <p class="note">Simulátor bankovní identity pro ukázku a testy: žádná skutečná banka ani osoba.</p>
</main>
</body>
</html>`;
}
