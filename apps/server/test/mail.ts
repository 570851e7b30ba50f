import { decodeQuotedPrintable } from './accounts';

/** The header section of a raw mail, unfolded (RFC 5322 §2.2.3), by lower-cased name. */
export function mailHeaders(raw: string): Map<string, string> {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The token in a mail's RFC 8058 List-Unsubscribe header, and the URL it sits in. */
export function oneClickUnsubscribeOf(raw: string): { url: URL; token: string } {
  const header = mailHeaders(raw).get('list-unsubscribe') ?? '';
  const match = /^<(https?:\/\/[^>]+)>$/.exec(header);
  if (!match?.[1]) throw new Error(`no List-Unsubscribe URL in: ${header}`);
  const url = new URL(match[1]);
  return { url, token: url.searchParams.get('token') ?? '' };
}

/** The token of the unsubscribe link in the mail's footer (both parts carry the same one). */
export function unsubscribeLinkTokenOf(raw: string, publicUrl: string): string {
  const decoded = decodeQuotedPrintable(raw);
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/waitlist/unsubscribe\\?token=([A-Za-z0-9_-]+)`).exec(decoded);
  if (!match?.[1]) throw new Error('no unsubscribe link in the mail');
  return match[1];
}

/** The HTML part of a raw mail, quoted-printable undone. */
export function mailHtml(raw: string): string {
  const decoded = decodeQuotedPrintable(raw);
  const start = decoded.indexOf('<!doctype html>');
  return start >= 0 ? decoded.slice(start, decoded.indexOf('</html>', start) + '</html>'.length) : '';
}
