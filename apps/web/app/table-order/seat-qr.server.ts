import type QRCode from 'qrcode';
import { onFirstUse, requirePackage } from '#app/shared/on-first-use.server';

/** The QR encoder loads with the first QR asked for (a monitor, a seated party), not when the web process starts (decisions 439, 440). */
const loadQrcode = onFirstUse(() => requirePackage<typeof QRCode>('qrcode'));

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/**
 * The URL a seat's printed QR carries: the order page's first step for that seat, with the seat's
 * code (decision 150), which the order screens send as `seat_code`. A seat with no code yet has no
 * card to print.
 */
export function seatOrderUrl(publicUrl: string, seatId: string, code: string): string {
  return `${base(publicUrl)}/order/top?seat_id=${encodeURIComponent(seatId)}&code=${encodeURIComponent(code)}`;
}

/** A seat's QR code as SVG markup, made by the `qrcode` package (error correction M survives a worn table card). */
export function seatQrSvg(url: string): Promise<string> {
  return loadQrcode().toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** A one-time pass (staff seating's QR, a guest's invite; decisions 151, 152): its URL and that URL's QR as SVG. */
export async function passQr(publicUrl: string, pass: string): Promise<{ pass: string; url: string; svg: string }> {
  const url = `${base(publicUrl)}/order/join?pass=${encodeURIComponent(pass)}`;
  return { pass, url, svg: await seatQrSvg(url) };
}
