import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { envelope: { from: string; to: string[] }; parsed: ParsedMail; raw: string };

/**
 * A real SMTP server on a free local port for tests: it accepts every mail (no TLS, no login) and
 * keeps it parsed. `refuse(n, reply)` answers the next n deliveries with a temporary failure (451,
 * "try again later"), as a busy or greylisting server does.
 *
 * `beforeAccept` (crash tests) runs when a mail's data has arrived, before the server answers the
 * final "250 accepted": the sender can be killed there. As a real server must, a mail whose
 * connection is gone by then is dropped (the sender never heard it was accepted); `afterAccept`
 * runs once the 250 was written.
 */
export async function startTestSmtpServer(
  hooks: {
    /** `closed` resolves when the sender's connection is gone. */
    beforeAccept?: (mail: ReceivedMail, connection: { closed: Promise<void> }) => Promise<void> | void;
    afterAccept?: (mail: ReceivedMail) => void;
  } = {},
) {
  const received: ReceivedMail[] = [];
  const closedSessions = new Set<string>();
  const closeWaiters = new Map<string, () => void>();
  const whenClosed = (id: string) =>
    closedSessions.has(id)
      ? Promise.resolve()
      : new Promise<void>((resolve) => closeWaiters.set(id, resolve));
  const refusals: { count: number; reply: string } = { count: 0, reply: "" };
  const attempts: string[] = [];

  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onClose(session) {
      closedSessions.add(session.id);
      closeWaiters.get(session.id)?.();
      closeWaiters.delete(session.id);
    },
    onRcptTo(address, _session, callback) {
      attempts.push(address.address);
      if (refusals.count > 0) {
        refusals.count -= 1;
        const error = new Error(refusals.reply) as Error & { responseCode: number };
        error.responseCode = 451;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        try {
          const mail: ReceivedMail = {
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            parsed: await simpleParser(raw),
            raw,
          };
          await hooks.beforeAccept?.(mail, { closed: whenClosed(session.id) });
          if (closedSessions.has(session.id)) return callback(new Error("the client is gone"));
          received.push(mail);
          callback();
          hooks.afterAccept?.(mail);
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Every RCPT TO the server saw, refused ones included. */
    attempts,
    refuse(count: number, reply = "4.3.0 Mail server busy, try again later") {
      refusals.count = count;
      refusals.reply = reply;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startTestSmtpServer>>;
