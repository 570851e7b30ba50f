import { BRAND_NAME, BRAND_TAGLINE } from '@everdeal/contracts';

const BRAND_PURPLE = '#6d28d9';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * "Hi Ada," or, for someone who gave no name (the sign-up form does not ask for one, spec
 * §users), "Hello," rather than a bare "Hi,".
 */
export function greetingFor(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? `Hi ${name},` : 'Hello,';
}

const mailDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * An exact moment as a mail states it, e.g. "December 2, 2026 at 09:30 UTC": the reader's time
 * zone is unknown, so the zone is named, on a 24-hour clock (no AM/PM to misread).
 */
export function mailDateTime(at: Date): string {
  const time = at.toISOString().slice(11, 16);
  return `${mailDateFormat.format(at)} at ${time} UTC`;
}

/** A boxed block after the paragraphs, e.g. one bought item with its codes and its page. */
export type MailSection = {
  title: string;
  lines: string[];
  /** Shown in a monospace face, one per line, so they can be copied exactly. */
  codes?: string[];
  link?: { label: string; url: string };
};

export type MailContent = {
  /** First line of the body, e.g. "Hi Ada,". */
  greeting: string;
  paragraphs: string[];
  /** Text someone else wrote (a contact or ticket message), shown as written, line breaks kept. */
  quote?: string;
  sections?: MailSection[];
  action?: { label: string; url: string };
  /** Shown after the button, e.g. how long a link stays valid. */
  afterAction?: string[];
  /**
   * Mail to a list (the waitlist) or a notification mail (decision 029) says why it came and links
   * its way out; a notification mail to an account also links the settings page, where every topic
   * can be turned on or off (the waitlist's addresses have no account, so no such page).
   */
  unsubscribe?: { reason: string; url: string; settingsUrl?: string };
};

export type MailBrand = { publicUrl: string; supportEmail: string };

/**
 * One look for every mail: the brand in a purple header, the message, an optional button, and a
 * footer with the support address. Both parts are produced from the same content; every
 * interpolated value is escaped in the HTML part.
 */
export function renderMail(content: MailContent, brand: MailBrand): { text: string; html: string } {
  const after = content.afterAction ?? [];
  const sections = content.sections ?? [];
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.quote ? [...content.quote.split(/\r?\n/).map((line) => `> ${line}`), ''] : []),
    ...sections.flatMap((section) => [
      section.title,
      ...section.lines.map((line) => `  ${line}`),
      ...(section.codes ?? []).map((code) => `  ${code}`),
      ...(section.link ? [`  ${section.link.label}: ${section.link.url}`] : []),
      '',
    ]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...after.flatMap((p) => [p, '']),
    '--',
    `${BRAND_NAME}: ${BRAND_TAGLINE}`,
    `${brand.publicUrl}`,
    `Questions? Write to ${brand.supportEmail}`,
    ...(content.unsubscribe
      ? [
          content.unsubscribe.reason,
          `Unsubscribe: ${content.unsubscribe.url}`,
          ...(content.unsubscribe.settingsUrl ? [`Manage notifications: ${content.unsubscribe.settingsUrl}`] : []),
        ]
      : []),
  ].join('\n');

  const paragraph = (p: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`;
  const quote = content.quote
    ? `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${BRAND_PURPLE};background:#faf9ff;white-space:pre-wrap;line-height:1.5">${escapeHtml(content.quote)}</blockquote>`
    : '';
  // The links on a line of their own, each unbroken, so a narrow screen never splits one.
  const footerLink = (url: string, label: string) =>
    `<span style="white-space:nowrap"><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></span>`;
  const unsubscribe = content.unsubscribe
    ? `<br>${escapeHtml(content.unsubscribe.reason)}<br>${[
        footerLink(content.unsubscribe.url, 'Unsubscribe'),
        ...(content.unsubscribe.settingsUrl
          ? [footerLink(content.unsubscribe.settingsUrl, 'Manage notifications')]
          : []),
      ].join(' · ')}`
    : '';
  const section = (s: MailSection) =>
    `<div style="border:1px solid #e9e5f5;border-radius:6px;padding:12px 16px;margin:0 0 12px">
<p style="margin:0 0 6px;font-weight:600">${escapeHtml(s.title)}</p>
${s.lines.map((line) => `<p style="margin:0 0 6px;line-height:1.4">${escapeHtml(line)}</p>`).join('\n')}
${(s.codes ?? []).map((code) => `<p style="margin:0 0 4px;font-family:Consolas,Menlo,monospace;font-size:15px">${escapeHtml(code)}</p>`).join('\n')}
${s.link ? `<p style="margin:8px 0 0"><a href="${escapeHtml(s.link.url)}" style="color:${BRAND_PURPLE}">${escapeHtml(s.link.label)}</a></p>` : ''}
</div>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:${BRAND_PURPLE};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(content.action.url)}" style="word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(BRAND_NAME)}</title></head>
<body style="margin:0;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif;color:#1f1f1f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${BRAND_PURPLE};color:#ffffff;padding:20px 24px;font-size:22px;font-weight:700">${escapeHtml(BRAND_NAME)}</td></tr>
<tr><td style="padding:24px">
${paragraph(content.greeting)}
${content.paragraphs.map(paragraph).join('\n')}
${quote}
${sections.map(section).join('\n')}
${button}
${after.map(paragraph).join('\n')}
</td></tr>
<tr><td style="padding:16px 24px;background:#faf9ff;font-size:12px;color:#666">${escapeHtml(BRAND_NAME)}: ${escapeHtml(BRAND_TAGLINE)}<br>
Questions? Write to <a href="mailto:${escapeHtml(brand.supportEmail)}">${escapeHtml(brand.supportEmail)}</a>${unsubscribe}</td></tr>
</table></td></tr></table></body></html>`;
  return { text, html };
}
