/**
 * Email templates: each has a subject, a plain-text part and a branded HTML part, in
 * plain language. Values that come from users (file names, addresses) are escaped in
 * HTML; links are ours. Inline styles only — mail clients drop <style> blocks and never
 * run scripts.
 */

export type TemplateName = 'confirm-signup' | 'magic-link' | 'reset-password' | 'account-exists' | 'analysis-ready';

export interface RenderedEmail {
  template: TemplateName;
  subject: string;
  text: string;
  html: string;
}

/** HTML-escapes text for element content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const BRAND = '#4f46e5';

interface Layout {
  heading: string;
  /** Paragraphs of plain text (escaped here). */
  paragraphs: string[];
  action: { label: string; url: string };
  /** Small print under the button (plain text, escaped here). */
  footnote: string;
}

function html(layout: Layout): string {
  const paragraphs = layout.paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#334155">${escapeHtml(p)}</p>`)
    .join('');
  const url = escapeHtml(layout.action.url);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(layout.heading)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:32px 16px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${BRAND};padding:20px 32px;color:#ffffff;font-size:22px;font-weight:700;letter-spacing:0.5px">Tally</td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:#0f172a">${escapeHtml(layout.heading)}</h1>
${paragraphs}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:8px">${escapeHtml(layout.action.label)}</a></p>
<p style="margin:0 0 8px;font-size:13px;line-height:20px;color:#64748b">If the button doesn't work, copy this link into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;line-height:20px;word-break:break-all"><a href="${url}" style="color:${BRAND}">${url}</a></p>
<p style="margin:0;font-size:13px;line-height:20px;color:#64748b">${escapeHtml(layout.footnote)}</p>
</td></tr>
<tr><td style="padding:16px 32px;background:#f8fafc;font-size:12px;color:#94a3b8">Tally · Transform customer data into powerful insights</td></tr>
</table></td></tr></table></body></html>`;
}

function text(layout: Layout): string {
  return [
    layout.heading,
    '',
    ...layout.paragraphs.flatMap((p) => [p, '']),
    `${layout.action.label}: ${layout.action.url}`,
    '',
    layout.footnote,
    '',
    '— Tally · Transform customer data into powerful insights',
    '',
  ].join('\n');
}

function render(template: TemplateName, subject: string, layout: Layout): RenderedEmail {
  return { template, subject, text: text(layout), html: html(layout) };
}

/** Sign-up confirmation. */
export function confirmSignupEmail(link: string): RenderedEmail {
  return render('confirm-signup', 'Confirm your Tally account', {
    heading: 'Confirm your email',
    paragraphs: ['Thanks for creating a Tally account. Confirm your email address to finish setting it up.'],
    action: { label: 'Confirm my email', url: link },
    footnote: "This link works once and expires in 1 hour. If you didn't sign up for Tally, you can ignore this email.",
  });
}

/** Passwordless sign-in. */
export function magicLinkEmail(link: string): RenderedEmail {
  return render('magic-link', 'Your Tally sign-in link', {
    heading: 'Sign in to Tally',
    paragraphs: ['Click the button below to sign in. No password needed.'],
    action: { label: 'Sign in to Tally', url: link },
    footnote: "This link works once and expires in 1 hour. If you didn't ask to sign in, you can ignore this email.",
  });
}

/** Password reset. */
export function resetPasswordEmail(link: string): RenderedEmail {
  return render('reset-password', 'Reset your Tally password', {
    heading: 'Reset your password',
    paragraphs: ['We received a request to reset the password for your Tally account. Click the button below to choose a new one.'],
    action: { label: 'Choose a new password', url: link },
    footnote:
      "This link works once and expires in 1 hour. If you didn't ask for a reset, you can ignore this email; your password stays the same.",
  });
}

/**
 * Sent instead of a confirmation when someone signs up with an address that already has a
 * confirmed account: the API answers the same either way, and the owner learns what happened.
 */
export function accountExistsEmail(signInLink: string): RenderedEmail {
  return render('account-exists', 'You already have a Tally account', {
    heading: 'You already have an account',
    paragraphs: [
      'Someone (probably you) tried to create a Tally account with this email address, but you already have one.',
      'Sign in instead. If you forgot your password, use "Forgot password" on the sign-in page.',
    ],
    action: { label: 'Sign in to Tally', url: signInLink },
    footnote: "If this wasn't you, you can ignore this email. Your account hasn't changed.",
  });
}

/** The analysis is complete: the link to its HTML dashboard. */
export function analysisReadyEmail(input: { fileName: string; dashboardUrl: string; analysisUrl: string }): RenderedEmail {
  const layout: Layout = {
    heading: 'Your analysis is ready',
    paragraphs: [
      `We finished analysing "${input.fileName}".`,
      'Your dashboard answers six questions: your most valuable customers, revenue concentration risk, churn risk, which products drive sales and margin, supplier dependency, and cross-sell opportunities.',
    ],
    action: { label: 'Open my dashboard', url: input.dashboardUrl },
    footnote: `Anyone with these links can view this analysis, so share them only with people you trust. To ask follow-up questions, open the full analysis: ${input.analysisUrl}`,
  };
  const rendered = render('analysis-ready', `Your Tally analysis of ${oneLine(input.fileName)} is ready`, layout);
  // The second link is useful enough to be clickable in the HTML part too.
  const analysisLink = escapeHtml(input.analysisUrl);
  rendered.html = rendered.html.replace(
    `To ask follow-up questions, open the full analysis: ${analysisLink}`,
    `To ask follow-up questions, <a href="${analysisLink}" style="color:${BRAND}">open the full analysis</a>.`,
  );
  return rendered;
}

/** Subjects are single header lines: no CR/LF from user-supplied names. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').slice(0, 120);
}
