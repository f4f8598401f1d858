/**
 * The login forms' part of the challenge an attacked account asks of a new device (ADR 0010): the
 * hidden answer fields, and the server's explanation while the browser works on it.
 */
export function LoginChallengeFields({
  proof,
  notice,
  className,
}: {
  proof: { challenge: string; nonce: string };
  notice: string | undefined;
  className: string;
}) {
  return (
    <>
      <input type="hidden" name="powChallenge" value={proof.challenge} />
      <input type="hidden" name="powNonce" value={proof.nonce} />
      {notice ? (
        <p role="status" className={className} data-testid="login-challenge">
          {notice}
        </p>
      ) : null}
    </>
  );
}
