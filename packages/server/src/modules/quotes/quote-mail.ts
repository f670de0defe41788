import { formatMoney } from '@shop/shared/format/format';
import type { Language } from '@shop/shared/i18n/languages';
import { escapeHtml, oneLine } from '../../lib/mail-text';

/**
 * The mails of a quote (issue 16) in every shop language: the offer (its lines with prices, the last
 * valid day, the message) and the decline (the message). Both link to the quote in the shop.
 */
export interface QuoteMailData {
  kind: 'offered' | 'declined';
  userName: string;
  quoteId: number;
  /** Offered lines; empty for a decline. */
  lines: { sku: string; name: string; quantity: number; unitPrice: number; lineGross: number }[];
  totalGross: number;
  validUntil: string | null;
  message: string;
  /** Absolute link to the quote in the shop. */
  link: string;
}

interface Pack {
  offeredSubject: string;
  declinedSubject: string;
  greeting: string;
  offeredIntro: string;
  declinedIntro: string;
  validUntil: string;
  total: string;
  message: string;
  open: string;
  closing: string;
}

const PACKS: Record<Language, Pack> = {
  hu: {
    offeredSubject: 'Árajánlat a(z) {id}. ajánlatkérésére',
    declinedSubject: 'A(z) {id}. ajánlatkérésére nem tudunk ajánlatot adni',
    greeting: 'Kedves {name}!',
    offeredIntro: 'Elkészült az árajánlat, amelyet kért (bruttó darabárak):',
    declinedIntro: 'Sajnos erre az ajánlatkérésre nem tudunk ajánlatot adni.',
    validUntil: 'Az ajánlat érvényes eddig (ezt a napot is beleértve)',
    total: 'Összesen (bruttó)',
    message: 'Üzenetünk',
    open: 'Megnézem és elfogadom a webáruházban',
    closing: 'Üdvözlettel:\na webáruház csapata',
  },
  en: {
    offeredSubject: 'Our quote for your request no. {id}',
    declinedSubject: 'We cannot quote for your request no. {id}',
    greeting: 'Dear {name},',
    offeredIntro: 'The quote you asked for is ready (gross prices per piece):',
    declinedIntro: 'Unfortunately we cannot make an offer for this request.',
    validUntil: 'Valid until (inclusive)',
    total: 'Total (gross)',
    message: 'Our message',
    open: 'View and accept it in the web shop',
    closing: 'Kind regards,\nthe web shop team',
  },
  vi: {
    offeredSubject: 'Báo giá cho yêu cầu số {id} của bạn',
    declinedSubject: 'Chúng tôi không thể báo giá cho yêu cầu số {id}',
    greeting: 'Kính gửi {name},',
    offeredIntro: 'Báo giá bạn yêu cầu đã sẵn sàng (giá gộp mỗi sản phẩm):',
    declinedIntro: 'Rất tiếc, chúng tôi không thể đưa ra báo giá cho yêu cầu này.',
    validUntil: 'Có hiệu lực đến hết ngày',
    total: 'Tổng cộng (gộp)',
    message: 'Lời nhắn của chúng tôi',
    open: 'Xem và chấp nhận trong cửa hàng trực tuyến',
    closing: 'Trân trọng,\nđội ngũ cửa hàng trực tuyến',
  },
  zh: {
    offeredSubject: '您的第 {id} 号询价的报价',
    declinedSubject: '我们无法为您的第 {id} 号询价报价',
    greeting: '尊敬的 {name}：',
    offeredIntro: '您申请的报价已准备好（每件含税价）：',
    declinedIntro: '很抱歉，我们无法为此询价提供报价。',
    validUntil: '有效期至（含当日）',
    total: '合计（含税）',
    message: '我们的留言',
    open: '在网店中查看并接受',
    closing: '此致\n网店团队',
  },
};

/** Whole forints, or two decimals when the price has fillér (an offer may name 80.50 Ft). */
const money = (minor: number) => formatMoney(minor, minor % 100 === 0 ? 0 : 2);

export function renderQuoteMail(
  language: Language,
  data: QuoteMailData,
): { subject: string; text: string; html: string } {
  const t = PACKS[language];
  const id = String(data.quoteId);
  const subject = (data.kind === 'offered' ? t.offeredSubject : t.declinedSubject).replace('{id}', id);
  const greeting = t.greeting.replace('{name}', oneLine(data.userName));
  const intro = data.kind === 'offered' ? t.offeredIntro : t.declinedIntro;
  const lineTexts = data.lines.map(
    (l) => `${l.sku} ${oneLine(l.name)}: ${l.quantity} × ${money(l.unitPrice)} = ${money(l.lineGross)}`,
  );
  const text = [
    greeting,
    '',
    intro,
    ...(data.kind === 'offered'
      ? [...lineTexts, `${t.total}: ${money(data.totalGross)}`, `${t.validUntil}: ${data.validUntil ?? ''}`]
      : []),
    ...(data.message ? ['', `${t.message}:`, data.message] : []),
    '',
    `${t.open}: ${data.link}`,
    '',
    t.closing,
  ].join('\n');
  const rows = data.lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.sku)}</td><td>${escapeHtml(l.name)}</td><td style="text-align:right">${l.quantity}</td>` +
        `<td style="text-align:right">${escapeHtml(money(l.unitPrice))}</td><td style="text-align:right">${escapeHtml(money(l.lineGross))}</td></tr>`,
    )
    .join('');
  const offer =
    data.kind === 'offered'
      ? `<table cellpadding="4" style="border-collapse:collapse">${rows}</table>` +
        `<p><strong>${escapeHtml(t.total)}: ${escapeHtml(money(data.totalGross))}</strong><br>` +
        `${escapeHtml(t.validUntil)}: ${escapeHtml(data.validUntil ?? '')}</p>`
      : '';
  const message = data.message
    ? `<p>${escapeHtml(t.message)}:<br>${escapeHtml(data.message).replaceAll('\n', '<br>')}</p>`
    : '';
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:sans-serif"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>` +
    offer +
    message +
    `<p><a href="${escapeHtml(data.link)}" style="font-weight:bold">${escapeHtml(t.open)}</a></p>` +
    `<p>${escapeHtml(t.closing).replaceAll('\n', '<br>')}</p></body></html>`;
  return { subject, text, html };
}
