import QRCode from 'qrcode';
import { SANDBOX_MERCHANT_VPA } from './sandbox-methods.js';

/**
 * The UPI deep link a QR code carries (NPCI's upi://pay): the payee, the payment as the
 * transaction reference, the amount in rupees. A UPI app that scans it pays exactly this.
 */
export function upiPayLink(input: { paymentId: string; amount: number; payeeName: string }): string {
  const params = new URLSearchParams({
    pa: SANDBOX_MERCHANT_VPA,
    pn: input.payeeName || 'Shoal sandbox',
    tr: input.paymentId,
    tn: `Payment ${input.paymentId}`,
    am: (input.amount / 100).toFixed(2),
    cu: 'INR',
  });
  return `upi://pay?${params.toString()}`;
}

/** The QR code as SVG markup, drawn here: the window shows it inline and loads no picture. */
export async function upiQrSvg(link: string): Promise<string> {
  const svg = await QRCode.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
  return svg.replace('<svg ', '<svg role="img" aria-label="UPI QR code" width="220" height="220" ');
}
