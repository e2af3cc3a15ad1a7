import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the sink received it: headers decoded enough for tests (subject, to, text body). */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * A real SMTP server on a free port (the `smtp-server` package), so the app under test sends
 * through nodemailer exactly as in production. `next(to)` waits for the next mail to an address.
 */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = parseMail(
          chunks,
          session.envelope.rcptTo.map((r) => r.address),
        );
        received.push(mail);
        for (const w of [...waiters])
          if (w.match(mail)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mail);
          }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  let seen = 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next mail to `to` that the test has not taken yet. */
    next(to: string): Promise<ReceivedMail> {
      const pending = received.slice(seen).find((m) => m.to.includes(to));
      if (pending) {
        seen = received.indexOf(pending) + 1;
        return Promise.resolve(pending);
      }
      return new Promise((resolve) =>
        waiters.push({
          match: (m) => m.to.includes(to),
          resolve: (m) => {
            seen = received.indexOf(m) + 1;
            resolve(m);
          },
        }),
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME for nodemailer's output: RFC 2047 subject, one text part in quoted-printable or base64. */
function parseMail(chunks: Buffer[], to: string[]): ReceivedMail {
  const raw = Buffer.concat(chunks).toString('utf8');
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  let body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const subject = header('Subject').replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  else if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body.replace(/=\r\n/g, ''));
  return { to, subject, text: body.replace(/\r\n/g, '\n').replace(/\n\.\n?$/, '') };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
