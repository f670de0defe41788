import type { Language } from '@shop/shared/i18n/languages';
import { escapeHtml, oneLine } from '../../lib/mail-text';

/**
 * The back-in-stock mail (issue 17) in every shop language: the product's name and SKU, its photo
 * when it has one, and a link that opens it in the shop.
 */
export interface BackInStockMailData {
  userName: string;
  productName: string;
  sku: string;
  /** Absolute link to the product in the shop. */
  link: string;
  /** Absolute URL of a small JPEG of the product, or null (no photo). */
  photoUrl: string | null;
}

interface Pack {
  subject: string;
  greeting: string;
  intro: string;
  sku: string;
  open: string;
  note: string;
  closing: string;
}

const PACKS: Record<Language, Pack> = {
  hu: {
    subject: 'Újra kapható: {product}',
    greeting: 'Kedves {name}!',
    intro: 'A termék, amelyről értesítést kért, újra raktáron van:',
    sku: 'Cikkszám',
    open: 'Megnézem a webáruházban',
    note: 'Ez az értesítés egyszeri; a kérése ezzel lezárult.',
    closing: 'Üdvözlettel:\na webáruház csapata',
  },
  en: {
    subject: 'Back in stock: {product}',
    greeting: 'Dear {name},',
    intro: 'The product you asked to be told about is back in stock:',
    sku: 'Item number',
    open: 'View it in the web shop',
    note: 'This alert is sent once; your request is now closed.',
    closing: 'Kind regards,\nthe web shop team',
  },
  vi: {
    subject: 'Đã có hàng trở lại: {product}',
    greeting: 'Kính gửi {name},',
    intro: 'Sản phẩm bạn đã yêu cầu thông báo nay đã có hàng trở lại:',
    sku: 'Mã hàng',
    open: 'Xem trong cửa hàng trực tuyến',
    note: 'Thông báo này chỉ gửi một lần; yêu cầu của bạn đã được đóng.',
    closing: 'Trân trọng,\nđội ngũ cửa hàng trực tuyến',
  },
  zh: {
    subject: '已到货：{product}',
    greeting: '尊敬的 {name}：',
    intro: '您申请到货通知的商品现已重新有货：',
    sku: '货号',
    open: '在网店中查看',
    note: '此通知只发送一次；您的申请已关闭。',
    closing: '此致\n网店团队',
  },
};

export function renderBackInStockMail(
  language: Language,
  data: BackInStockMailData,
): { subject: string; text: string; html: string } {
  const t = PACKS[language];
  const product = oneLine(data.productName);
  const name = oneLine(data.userName);
  const subject = t.subject.replace('{product}', `${product} (${oneLine(data.sku)})`);
  const greeting = t.greeting.replace('{name}', name);
  const text = [
    greeting,
    '',
    t.intro,
    `${product}`,
    `${t.sku}: ${data.sku}`,
    '',
    `${t.open}: ${data.link}`,
    '',
    t.note,
    '',
    t.closing,
  ].join('\n');
  const photo = data.photoUrl
    ? `<p><img src="${escapeHtml(data.photoUrl)}" width="160" alt="${escapeHtml(product)}" style="max-width:160px;height:auto"></p>`
    : '';
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:sans-serif"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(t.intro)}</p>` +
    photo +
    `<p><strong>${escapeHtml(product)}</strong><br>${escapeHtml(t.sku)}: ${escapeHtml(data.sku)}</p>` +
    `<p><a href="${escapeHtml(data.link)}" style="font-weight:bold">${escapeHtml(t.open)}</a></p>` +
    `<p style="font-size:small">${escapeHtml(t.note)}</p>` +
    `<p>${escapeHtml(t.closing).replaceAll('\n', '<br>')}</p></body></html>`;
  return { subject, text, html };
}
