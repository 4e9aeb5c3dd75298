// A fake SMTP server on loopback for tests (the `smtp-server` package, messages parsed with
// `mailparser`), counting what it receives and the Message-ID of each. Used by the API's
// integration tests (services/api/test/support/fake-smtp.ts) and by tests/e2e.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface FakeSmtpMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string | null;
  /** Attached files, their content as UTF-8 text. */
  attachments: { filename: string | null; contentType: string; content: string }[];
}

export interface FakeSmtp {
  port: number;
  /** smtp://user:pass@127.0.0.1:port, for SMTP_URL. */
  url: string;
  messages: FakeSmtpMessage[];
  failNext(count: number, responseCode?: number, message?: string): void;
  to(address: string): FakeSmtpMessage[];
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  /** Every message accepted: { from, to, subject, text, messageId, attachments }. */
  const messages: FakeSmtpMessage[] = [];
  const failures: { responseCode: number; message: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const failure = failures.shift();
          if (failure) {
            const error = Object.assign(new Error(failure.message), {
              responseCode: failure.responseCode,
            });
            return callback(error);
          }
          messages.push({
            from: mail.from?.text ?? '',
            to: [mail.to ?? []]
              .flat()
              .map((a) => a.text)
              .join(', '),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            messageId: mail.messageId ?? null,
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? null,
              contentType: a.contentType,
              content: a.content.toString('utf8'),
            })),
          });
          callback();
        })
        .catch(callback);
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://test:secret@127.0.0.1:${port}`,
    messages,
    /** The next `count` messages are refused with `responseCode` (550: permanent, 451: later). */
    failNext(count, responseCode = 451, message = 'Try again later') {
      for (let i = 0; i < count; i += 1) failures.push({ responseCode, message });
    },
    to(address) {
      return messages.filter((m) => m.to.includes(address));
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
