import { getUser } from '#app/auth/session.server';
import { clientAddressContext, getRuntime } from '#app/context';
import type { Route } from './+types/route';

const texts = {
  title: '開発用メールボックス',
  lead: 'SMTP_URL が未設定のため、送信されたメールはここに保存されています（本番環境では表示されません）。',
  empty: 'まだメールはありません。',
  to: '宛先',
  sentAt: '送信日時',
} as const;

export const meta: Route.MetaFunction = () => [{ title: `${texts.title} | MonCafe` }];

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/;

/**
 * Mails kept in the outbox when no SMTP server is configured: every confirmation and cancel link,
 * so they are shown only to this machine (the client and the Host it asked for are loopback, so
 * a proxy in front does not pass strangers through) and only in development or to an admin;
 * never in production, for its mails carry other people's links (decision 054). Anyone else finds nothing here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = getRuntime(context);
  const notFound = () => new Response('Not Found', { status: 404 });
  if (runtime.config.production || runtime.config.smtpUrl) throw notFound();
  if (!LOOPBACK.test(context.get(clientAddressContext) ?? '') || !LOOPBACK_HOST.test(request.headers.get('host') ?? '')) throw notFound();
  if (runtime.config.env !== 'development' && !(await getUser(request, context))?.roles.includes('admin')) throw notFound();
  const mails = await runtime.outbox();
  return { mails: mails.map((m) => ({ id: m.id, to: m.to_address, subject: m.subject, body: m.body, sentAt: new Date(m.created_at).toISOString() })) };
}

/** Turns the URLs in a plain-text mail into links, so a developer can follow a confirmation link. */
function Linked({ text }: { text: string }) {
  return text.split(/(https?:\/\/[^\s]+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <a key={i} href={part}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>{texts.title}</h1>
      <p>{texts.lead}</p>
      {loaderData.mails.length === 0 ? <p>{texts.empty}</p> : null}
      {loaderData.mails.map((mail) => (
        <article key={mail.id} className="card" aria-label={mail.subject}>
          <h2>{mail.subject}</h2>
          <p>
            {texts.to}: {mail.to} / {texts.sentAt}: {new Date(mail.sentAt).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' })}
          </p>
          <pre style={{ whiteSpace: 'pre-wrap' }}>
            <Linked text={mail.body} />
          </pre>
        </article>
      ))}
    </div>
  );
}
