import escapeHtml from 'escape-html';
import { rupeesShown } from '../common/money';
import type { DemoGateway, PayerAction } from './demo-gateway.service';

type PayerView = NonNullable<Awaited<ReturnType<DemoGateway['payerView']>>>;

/**
 * Where the payer is sent back: a path on this origin only (`/orders/...`), never another site
 * (`//evil.example`, `/\evil.example`, `https://...`), so the page cannot be used to send
 * people elsewhere.
 */
export function sameOriginPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 2000) return null;
  if (!/^\/(?![/\\])/.test(raw) || raw.includes('\\')) return null;
  // Control characters (a tab or line break browsers drop) could turn "/\t/x" into "//x".
  if ([...raw].some((character) => character.charCodeAt(0) < 0x20 || character === '\x7f')) {
    return null;
  }
  return raw;
}

const BUTTONS: Record<PayerAction, { label: string; hint: string }> = {
  approve: { label: 'Approve payment', hint: 'Pay the amount above' },
  decline: { label: 'Decline', hint: 'Refuse this payment' },
  expire: { label: 'Let it expire', hint: 'Do nothing, as if the time ran out' },
};

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, sans-serif; }
  body { margin: 0; background: #f1f3f5; color: #1a1b1e; }
  main { max-width: 28rem; margin: 0 auto; padding: 1rem; }
  .card { background: #fff; border-radius: 0.75rem; padding: 1.25rem; box-shadow: 0 1px 3px #0002; }
  h1 { font-size: 1.25rem; margin: 0 0 0.25rem; }
  .demo { margin: 0 0 1rem; color: #495057; font-size: 0.875rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: 0.5rem 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; margin: 0 0 1rem; }
  dt { color: #495057; } dd { margin: 0; overflow-wrap: anywhere; }
  form { margin: 0.5rem 0 0; }
  button { width: 100%; min-height: 3rem; font-size: 1rem; border-radius: 0.5rem; cursor: pointer;
    border: 2px solid #1864ab; background: #fff; color: #1864ab; }
  button.approve { background: #1864ab; color: #fff; }
  button:focus-visible, a:focus-visible { outline: 3px solid #e8590c; outline-offset: 2px; }
  .outcome { font-size: 1.125rem; font-weight: 600; }
  .captured { color: #1e6b30; } .failed { color: #c92a2a; }
  a { color: #1864ab; }
`;

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Demo payment gateway</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
${content}
</div>
</main>
</body>
</html>`;
}

function backLink(returnTo: string | null): string {
  return returnTo ? `<p><a href="${escapeHtml(returnTo)}">Back to the shop</a></p>` : '';
}

/**
 * The payer page: the payer's UPI app or bank, played by a page of the demo gateway. Plain
 * HTML forms, no script, so the shop's Content-Security-Policy holds and it works with the
 * keyboard alone.
 */
export function payerPage(view: PayerView, returnTo: string | null, paymentPath: string): string {
  const { payment, payee, note } = view;
  const amount = rupeesShown(payment.amount);
  const facts = `
<dl>
  <dt>To</dt><dd>${escapeHtml(payee.name)}</dd>
  <dt>UPI ID</dt><dd>${escapeHtml(payee.vpa)}</dd>
  <dt>Note</dt><dd>${escapeHtml(note)}</dd>
  <dt>Reference</dt><dd>${escapeHtml(payment.id)}</dd>
</dl>`;
  const hiddenReturn = returnTo
    ? `<input type="hidden" name="return" value="${escapeHtml(returnTo)}">`
    : '';
  let body: string;
  let title: string;
  if (payment.status === 'created') {
    title = `Pay ${amount}`;
    const forms = (Object.keys(BUTTONS) as PayerAction[])
      .map(
        (action) => `
<form method="post" action="${escapeHtml(`${paymentPath}/${action}`)}">
  ${hiddenReturn}
  <button type="submit" class="${action}" aria-describedby="hint-${action}">${BUTTONS[action].label}</button>
  <span id="hint-${action}" hidden>${BUTTONS[action].hint}</span>
</form>`,
      )
      .join('');
    body = `<p class="amount">${escapeHtml(amount)}</p>${facts}<p>Approve to pay, or decline.</p>${forms}`;
  } else if (payment.captured) {
    title = 'Payment approved';
    body = `<p class="outcome captured" role="status">Payment approved: ${escapeHtml(amount)} paid.</p>${facts}${backLink(returnTo)}`;
  } else {
    title = 'Payment failed';
    body = `<p class="outcome failed" role="status">Payment failed: ${escapeHtml(payment.error_description ?? 'not completed')}.</p>${facts}${backLink(returnTo)}`;
  }
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="demo">Demo payment gateway: no money moves. This page stands in for your UPI app or bank.</p>
${body}`,
  );
}

export function noSuchPaymentPage(returnTo: string | null): string {
  return page(
    'No such payment',
    `<h1>No such payment</h1><p>The demo payment gateway has no payment with this reference.</p>${backLink(returnTo)}`,
  );
}
