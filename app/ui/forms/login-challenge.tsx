/**
 * The login forms' part of the challenge an attacked account asks of a new device (ADR 0010, 0013):
 * the hidden answer field (ALTCHA's payload), and the server's explanation while the browser works
 * on it.
 */
export function LoginChallengeFields({
  proof,
  notice,
  className,
}: {
  proof: string;
  notice: string | undefined;
  className: string;
}) {
  return (
    <>
      <input type="hidden" name="altcha" value={proof} />
      {notice ? (
        <p role="status" className={className} data-testid="login-challenge">
          {notice}
        </p>
      ) : null}
    </>
  );
}
