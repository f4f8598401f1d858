/**
 * One part of an operator's statement of reasons (the facts, the grounds, an appeal's answer):
 * a labelled text of 10 to 4 000 characters, as the server checks it. Shared by the dispute
 * decision, the strike review and the appeal's answer.
 */
export function ReasonField({ id, name, label }: { id: string; name: string; label: string }) {
  return (
    <>
      <label className="mt-3 block text-sm font-medium" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        required
        minLength={10}
        maxLength={4000}
        rows={3}
        className="mt-1 w-full rounded-lg border border-line px-3 py-2"
      />
    </>
  );
}
