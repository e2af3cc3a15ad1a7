import { z } from 'zod';
import type { Route } from './+types/route';
import { DomainError } from '@moncafe/domain/decider';
import { getUser } from '#app/auth/session.server';
import { appOf } from '#app/context';
import { receiptAnswer } from '#app/billing/answers';
import { validReceiptKey } from '#app/billing/receipt-link.server';
import { receiptPdf, receiptPdfAvailable } from '#app/billing/receipt-pdf.server';
import { billingTexts as t } from '#app/billing/texts';

/** A download that cannot be made says why in plain words (a browser shows them; decision 240). */
const refusal = (message: string, status: number) => new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

const paperSchema = z.enum(['58', '80', 'a4']).catch('80');

/** /receipts/{id}/pdf?paper=…: the receipt as a PDF download, for staff or with the guest link's key (decision 240). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = z.uuid().safeParse(params.id);
  const { services, runtime } = appOf(context);
  const user = await getUser(request, context);
  const staff = user !== null && (user.roles.includes('admin') || user.roles.includes('monitor'));
  if (!id.success || (!staff && !validReceiptKey(runtime.signing, id.data, url.searchParams.get('key')))) throw refusal(t.receiptNotFound, 404);
  if (!receiptPdfAvailable()) throw refusal(t.pdfUnavailable, 503);
  let receipt;
  try {
    receipt = receiptAnswer(await services.billing.receipt({ receiptId: id.data, auth: staff ? { kind: 'staff' } : { kind: 'link' } }));
  } catch (error) {
    if (error instanceof DomainError) throw refusal(t.receiptNotFound, 404);
    throw error;
  }
  const pdf = await receiptPdf(receipt, paperSchema.parse(url.searchParams.get('paper')));
  return new Response(pdf, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="receipt-${String(receipt.number).padStart(6, '0')}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
