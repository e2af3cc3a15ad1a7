import { useState } from 'react';
import type { Answer as InviteAnswer } from '#app/routes/api/orders/invite/route';
import { tableCall } from './table-call';
import { useTexts } from '#app/i18n/language';
import { localizedCheckoutTexts, localizedOrderTexts } from './texts';

/** Minutes a one-time pass is valid (domain/src/table/table-service.ts PASS_MINUTES), for the wording only. */
export const PASS_MINUTES = 10;

/**
 * A one-time pass's QR (decisions 151, 152): the SVG the server made of its /order/join URL, the
 * URL itself for a phone that cannot scan, and a close button. Used by a guest's invite and by the
 * floor screen's staff seating (which also prints it).
 */
export function PassQr(props: {
  title: string;
  intro: string;
  svg: string;
  url: string;
  closeLabel: string;
  onClose: () => void;
  testId: string;
  /** The floor screen prints the QR for a party whose phone cannot scan a screen. */
  printLabel?: string;
}) {
  const t = useTexts(localizedOrderTexts);
  return (
    <section className="panel pass-qr" aria-label={props.title} data-testid={props.testId}>
      <h2>{props.title}</h2>
      <p>{props.intro}</p>
      {/* The SVG is the qrcode package's rendering of our own URL, made on the server. */}
      <div role="img" aria-label={`${props.title} QR`} dangerouslySetInnerHTML={{ __html: props.svg }} />
      <p className="qr-url">
        <small>{t.inviteCode}</small>
        <br />
        <a href={props.url} data-testid="pass-url">
          {props.url}
        </a>
      </p>
      <p className="no-print">
        {props.printLabel && (
          <button type="button" className="button" onClick={() => window.print()}>
            {props.printLabel}
          </button>
        )}{' '}
        <button type="button" className="button secondary" onClick={props.onClose}>
          {props.closeLabel}
        </button>
      </p>
    </section>
  );
}

/** The order screen's "invite a friend" (decision 152): a one-time pass for another phone at this table. */
export function InviteFriend({ token }: { token: string }) {
  const t = useTexts(localizedOrderTexts);
  const checkoutTexts = useTexts(localizedCheckoutTexts);
  const [invite, setInvite] = useState<{ svg: string; url: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const open = async () => {
    setBusy(true);
    setMessage(null);
    const r = await tableCall<InviteAnswer>('/api/orders/invite', { body: { token } });
    setBusy(false);
    if (r.status === 200 && r.body.success) setInvite({ svg: r.body.svg, url: r.body.url });
    else setMessage(r.status === 0 ? checkoutTexts.cannotReach : (r.body.message ?? t.authFailed));
  };
  if (invite)
    return (
      <PassQr
        title={t.inviteTitle}
        intro={t.inviteIntro(PASS_MINUTES)}
        {...invite}
        closeLabel={t.closeInvite}
        onClose={() => setInvite(null)}
        testId="invite"
      />
    );
  return (
    <p>
      <button type="button" className="button secondary" onClick={() => void open()} disabled={busy} data-testid="invite-friend">
        {t.invite}
      </button>
      {message && (
        <span className="order-message error" role="alert">
          {message}
        </span>
      )}
    </p>
  );
}
