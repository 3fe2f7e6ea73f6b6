import escape from 'escape-html';
import mjml2html from 'mjml';
import type { Language } from '../shared/rules';

/** The shop's colour on e-mail: the storefront's deep orange, white text on it reads at 5.2:1. */
const SHOP_COLOUR = '#c2410c';
const TEXT_COLOUR = '#212529';
const DIMMED_COLOUR = '#495057';

/** One line of an order as a message shows it. */
export interface MailLine {
  name: string;
  /** "Size M · Colour Blue", or empty. */
  details: string;
  quantity: number;
  /** "₹1,499.00": what the line cost, as the order says. */
  amount: string;
  /** An absolute address of its photo, or null. */
  photoUrl: string | null;
}

/**
 * What one message says, in the shop's words; `mailOf` lays it out. Every text is plain text
 * (escaped here), so a product named `<b>` shows as written.
 */
export interface MailView {
  /** The language it is written in: the reader's (a shopper's choice), English for the shop. */
  language: Language;
  shopName: string;
  /** The first words a mail app shows beside the subject. */
  preview: string;
  heading: string;
  paragraphs: readonly string[];
  /** The button: where the reader goes next (the order's page). */
  action?: { label: string; url: string };
  lines?: readonly MailLine[];
  /** Label and amount rows under the lines: goods, discounts, shipping, total (the last in bold). */
  amounts?: readonly { label: string; amount: string }[];
  /** Where it goes: the address's lines. */
  address?: { heading: string; lines: readonly string[] };
  footer: string;
}

/** The layout's own words, and how it names its language. */
const LAYOUT_WORDS: Record<Language, { lang: string; quantity: (count: number) => string }> = {
  en: { lang: 'en-IN', quantity: (count) => `Qty ${count}` },
  hi: { lang: 'hi-IN', quantity: (count) => `मात्रा ${count}` },
};

export interface RenderedMail {
  html: string;
  text: string;
}

/**
 * The message of `view` as responsive HTML (MJML: tables that e-mail apps draw alike, one column
 * on a phone) and as plain text for mail apps that show no HTML.
 */
export async function mailOf(view: MailView): Promise<RenderedMail> {
  const { html, errors } = await mjml2html(mjmlOf(view), { validationLevel: 'strict' });
  // Strict: a template that MJML cannot read fails its test, not a shopper's mailbox.
  if (errors.length > 0) throw new Error(`Mail template: ${errors[0].formattedMessage}`);
  return { html, text: textOf(view) };
}

function mjmlOf(view: MailView): string {
  const words = LAYOUT_WORDS[view.language];
  const text = (content: string, attributes = '') =>
    `<mj-text${attributes}>${escape(content)}</mj-text>`;
  const sections: string[] = [
    `<mj-section background-color="${SHOP_COLOUR}" padding="12px 16px"><mj-column>` +
      `<mj-text color="#ffffff" font-size="22px" font-weight="700">${escape(view.shopName)}</mj-text>` +
      `</mj-column></mj-section>`,
    `<mj-section background-color="#ffffff" padding="16px"><mj-column>` +
      text(view.heading, ' font-size="20px" font-weight="700"') +
      view.paragraphs.map((paragraph) => text(paragraph)).join('') +
      (view.action
        ? `<mj-button href="${escape(view.action.url)}" background-color="${SHOP_COLOUR}" color="#ffffff" align="left" font-weight="700">${escape(view.action.label)}</mj-button>`
        : '') +
      `</mj-column></mj-section>`,
  ];
  if (view.lines?.length) {
    const rows = view.lines
      .map(
        (line) =>
          `<tr>` +
          `<td style="padding:6px 8px 6px 0;width:64px;vertical-align:top">${
            line.photoUrl
              ? `<img src="${escape(line.photoUrl)}" width="56" height="56" alt="" style="display:block;border-radius:6px;object-fit:cover">`
              : ''
          }</td>` +
          `<td style="padding:6px 8px;vertical-align:top"><strong>${escape(line.name)}</strong>` +
          `${line.details ? `<br><span style="color:${DIMMED_COLOUR}">${escape(line.details)}</span>` : ''}` +
          `<br><span style="color:${DIMMED_COLOUR}">${escape(words.quantity(line.quantity))}</span></td>` +
          `<td style="padding:6px 0;vertical-align:top;text-align:right;white-space:nowrap">${escape(line.amount)}</td>` +
          `</tr>`,
      )
      .join('');
    sections.push(
      `<mj-section background-color="#ffffff" padding="0 16px"><mj-column>` +
        `<mj-table color="${TEXT_COLOUR}" font-size="14px" padding="0">${rows}</mj-table>` +
        `</mj-column></mj-section>`,
    );
  }
  if (view.amounts?.length) {
    const last = view.amounts.length - 1;
    const rows = view.amounts
      .map(
        ({ label, amount }, at) =>
          `<tr style="${at === last ? 'font-weight:700;border-top:1px solid #dee2e6' : ''}">` +
          `<td style="padding:4px 0">${escape(label)}</td>` +
          `<td style="padding:4px 0;text-align:right;white-space:nowrap">${escape(amount)}</td></tr>`,
      )
      .join('');
    sections.push(
      `<mj-section background-color="#ffffff" padding="8px 16px"><mj-column>` +
        `<mj-table color="${TEXT_COLOUR}" font-size="14px" padding="0">${rows}</mj-table>` +
        `</mj-column></mj-section>`,
    );
  }
  if (view.address) {
    sections.push(
      `<mj-section background-color="#ffffff" padding="8px 16px 16px"><mj-column>` +
        text(view.address.heading, ' font-weight="700"') +
        `<mj-text>${view.address.lines.map(escape).join('<br>')}</mj-text>` +
        `</mj-column></mj-section>`,
    );
  }
  sections.push(
    `<mj-section padding="12px 16px"><mj-column>` +
      text(view.footer, ` font-size="12px" color="${DIMMED_COLOUR}"`) +
      `</mj-column></mj-section>`,
  );
  return (
    `<mjml lang="${words.lang}"><mj-head><mj-title>${escape(view.heading)}</mj-title>` +
    `<mj-preview>${escape(view.preview)}</mj-preview>` +
    `<mj-attributes><mj-all font-family="Arial, Helvetica, sans-serif" />` +
    `<mj-text font-size="15px" line-height="1.5" color="${TEXT_COLOUR}" padding="4px 0" />` +
    `<mj-button padding="12px 0" /></mj-attributes></mj-head>` +
    `<mj-body background-color="#f1f3f5" width="600px">${sections.join('')}</mj-body></mjml>`
  );
}

/** The same message for mail apps that show text alone. */
function textOf(view: MailView): string {
  const blocks: string[] = [view.heading, ...view.paragraphs];
  if (view.action) blocks.push(`${view.action.label}: ${view.action.url}`);
  if (view.lines?.length) {
    blocks.push(
      view.lines
        .map(
          (line) =>
            `${line.quantity} x ${line.name}${line.details ? ` (${line.details})` : ''}  ${line.amount}`,
        )
        .join('\n'),
    );
  }
  if (view.amounts?.length) {
    blocks.push(view.amounts.map(({ label, amount }) => `${label}: ${amount}`).join('\n'));
  }
  if (view.address) blocks.push([view.address.heading, ...view.address.lines].join('\n'));
  blocks.push(`-- \n${view.footer}`);
  return `${blocks.join('\n\n')}\n`;
}
