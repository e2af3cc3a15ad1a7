import QRCode from 'qrcode';

/** The URL a seat's QR code carries: the order page's first step for that seat. */
export function seatOrderUrl(publicUrl: string, seatId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/order/top?seat_id=${encodeURIComponent(seatId)}`;
}

/** A seat's QR code as SVG markup, made by the `qrcode` package (error correction M survives a worn table card). */
export function seatQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
