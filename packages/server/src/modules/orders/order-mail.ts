import type { Language } from '@shop/shared/i18n/languages';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatWeightKg,
} from '@shop/shared/format/format';
import { escapeHtml, fill, lineWithoutControls } from '../../lib/mail-text';
import { parseStoredPhotos } from '../product-photos/photo-json';
import { photoSizes } from '../product-photos/photo-images';

/**
 * The order confirmation mail in every shop language: subject, plain text and simple HTML, with
 * the lines and the totals. Amounts arrive in minor units (1/100 Ft) and are printed in Ft (hu-HU
 * number format, docs/product.md §1), with fillér only where an amount has them.
 */
export interface OrderMailLine {
  sku: string;
  name: string;
  quantity: number;
  unitPrice: number;
  lineGross: number;
  /**
   * The product's first photo as a small JPEG (issue 17 point 3): its absolute URL (the 160 px
   * size), a srcset of the MAIL_PHOTO_WIDTHS sizes (absolute URLs with their `w` widths) and the
   * height at MAIL_PHOTO_WIDTH px wide. Absent: no photo, no picture in the mail.
   */
  photo?: { src: string; srcset: string; height: number } | null;
}

/** How wide a line's photo is shown in the mail, CSS pixels. */
export const MAIL_PHOTO_WIDTH = 64;

/**
 * The photo widths a line's picture offers (of PHOTO_WIDTHS, which the photo pipeline writes):
 * 160 px covers 64 px on 2× screens, 320 px on 3× phones (192 px needed).
 */
export const MAIL_PHOTO_WIDTHS = [160, 320] as const;

/**
 * For each of MAIL_PHOTO_WIDTHS, the smallest stored size at least as wide, else the widest stored
 * one (a photo smaller than 320 px has its own width as its largest size); each size once.
 */
function mailSizes<T extends { width: number }>(sizes: readonly T[]): T[] {
  const byWidth = [...sizes].sort((a, b) => a.width - b.width);
  const chosen: T[] = [];
  for (const wanted of MAIL_PHOTO_WIDTHS) {
    const size = byWidth.find((s) => s.width >= wanted) ?? byWidth[byWidth.length - 1];
    if (size && !chosen.includes(size)) chosen.push(size);
  }
  return chosen;
}

/**
 * Adds each line's first photo as absolute URLs under `publicUrl` (the 160 px JPEG as `src`, the
 * 160 and 320 px JPEGs as its srcset, see mailSizes), from the lines' products as place-order read
 * them (`photos` as stored, by SKU): JPEG because mail programs do not all show WebP.
 */
export function withLinePhotos(
  products: readonly { sku: string; photos: string | null }[],
  publicUrl: string,
  data: OrderMailData,
): OrderMailData {
  const photoOf = new Map<string, OrderMailLine['photo']>();
  for (const row of products) {
    const first = parseStoredPhotos(row.photos)[0];
    if (!first) continue;
    const sizes = mailSizes(photoSizes(first.hash, first.width, first.height, first.widths));
    const size = sizes[0];
    if (!size) continue;
    photoOf.set(row.sku, {
      src: `${publicUrl}${size.jpeg}`,
      srcset: sizes.map((s) => `${publicUrl}${s.jpeg} ${s.width}w`).join(', '),
      height: Math.max(1, Math.round((MAIL_PHOTO_WIDTH * size.height) / size.width)),
    });
  }
  return { ...data, lines: data.lines.map((line) => ({ ...line, photo: photoOf.get(line.sku) ?? null })) };
}

export interface OrderMailData {
  orderId: number;
  /** ISO instant. */
  createdAt: string;
  timeZone: string;
  customerName: string;
  /** The agent who placed it for the customer, if one did. */
  agentName: string | null;
  lines: OrderMailLine[];
  itemsGross: number;
  itemsNet: number;
  /** Grams. */
  weight: number;
  logisticsCost: number;
  shippingCost: number;
  shippingMethod: string;
  paymentMethod: string;
  paymentTermDays: number;
  /** 'YYYY-MM-DD' for home delivery, else null. */
  deliveryDate: string | null;
  /** One line, or null. */
  shippingAddress: string | null;
  commentWebshop: string;
  commentSupplier: string;
  /** The buyer's purchase-order number, null when none (issue 16). */
  purchaseOrderNumber?: string | null;
}

export type OrderMailRecipient = 'customer' | 'agent';

interface Pack {
  subject: string;
  greeting: string;
  introCustomer: string;
  introCustomerByAgent: string;
  introAgent: string;
  orderNumber: string;
  date: string;
  product: string;
  sku: string;
  quantity: string;
  unitPrice: string;
  lineTotal: string;
  pieces: string;
  itemsGross: string;
  itemsNet: string;
  weight: string;
  logisticsCost: string;
  shippingCost: string;
  total: string;
  shippingMethod: string;
  paymentMethod: string;
  days: string;
  deliveryDate: string;
  shippingAddress: string;
  purchaseOrderNumber: string;
  commentWebshop: string;
  commentSupplier: string;
  outro: string;
  closing: string;
}

const PACKS: Record<Language, Pack> = {
  hu: {
    subject: 'Rendelés visszaigazolása – {orderId}. sz. rendelés',
    greeting: 'Kedves {name}!',
    introCustomer: 'Köszönjük a rendelését. Az alábbi rendelést rögzítettük:',
    introCustomerByAgent: 'Értékesítője, {agent} az Ön nevében az alábbi rendelést adta le:',
    introAgent: 'Az alábbi rendelést rögzítettük ügyfele, {customer} számára:',
    orderNumber: 'Rendelésszám',
    date: 'Dátum',
    product: 'Termék',
    sku: 'Cikkszám',
    quantity: 'Mennyiség',
    unitPrice: 'Egységár',
    lineTotal: 'Összesen',
    pieces: 'db',
    itemsGross: 'Termékek bruttó összesen',
    itemsNet: 'Termékek nettó összesen',
    weight: 'Tömeg',
    logisticsCost: 'Logisztikai költség',
    shippingCost: 'Szállítási díj',
    total: 'Fizetendő összesen',
    shippingMethod: 'Szállítási mód',
    paymentMethod: 'Fizetési mód',
    days: '{days} nap',
    deliveryDate: 'Szállítás napja',
    shippingAddress: 'Szállítási cím',
    purchaseOrderNumber: 'Megrendelésszám (PO)',
    commentWebshop: 'Megjegyzés a webáruháznak',
    commentSupplier: 'Megjegyzés a szállítónak',
    outro: 'Ha kérdése van a rendeléssel kapcsolatban, keresse értékesítőjét vagy ügyfélszolgálatunkat.',
    closing: 'Üdvözlettel:\na webáruház csapata',
  },
  en: {
    subject: 'Order confirmation – order no. {orderId}',
    greeting: 'Dear {name},',
    introCustomer: 'Thank you for your order. We have recorded the following order:',
    introCustomerByAgent: 'Your sales representative, {agent}, placed the following order on your behalf:',
    introAgent: 'We have recorded the following order for your customer, {customer}:',
    orderNumber: 'Order number',
    date: 'Date',
    product: 'Product',
    sku: 'Item number',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    lineTotal: 'Total',
    pieces: 'pcs',
    itemsGross: 'Products, gross total',
    itemsNet: 'Products, net total',
    weight: 'Weight',
    logisticsCost: 'Logistics cost',
    shippingCost: 'Shipping fee',
    total: 'Total to pay',
    shippingMethod: 'Shipping method',
    paymentMethod: 'Payment method',
    days: '{days} days',
    deliveryDate: 'Delivery day',
    shippingAddress: 'Shipping address',
    purchaseOrderNumber: 'Purchase-order number',
    commentWebshop: 'Note for the web shop',
    commentSupplier: 'Comment for the supplier',
    outro:
      'If you have any questions about your order, please contact your sales representative or our customer service.',
    closing: 'Kind regards,\nThe web shop team',
  },
  vi: {
    subject: 'Xác nhận đơn hàng – đơn hàng số {orderId}',
    greeting: 'Kính gửi {name},',
    introCustomer: 'Cảm ơn bạn đã đặt hàng. Chúng tôi đã ghi nhận đơn hàng sau:',
    introCustomerByAgent: 'Nhân viên kinh doanh của bạn, {agent}, đã đặt đơn hàng sau thay cho bạn:',
    introAgent: 'Chúng tôi đã ghi nhận đơn hàng sau cho khách hàng của bạn, {customer}:',
    orderNumber: 'Số đơn hàng',
    date: 'Ngày',
    product: 'Sản phẩm',
    sku: 'Mã hàng',
    quantity: 'Số lượng',
    unitPrice: 'Đơn giá',
    lineTotal: 'Thành tiền',
    pieces: 'cái',
    itemsGross: 'Tổng tiền hàng (gồm thuế)',
    itemsNet: 'Tổng tiền hàng (chưa thuế)',
    weight: 'Khối lượng',
    logisticsCost: 'Chi phí hậu cần',
    shippingCost: 'Phí vận chuyển',
    total: 'Tổng cộng phải trả',
    shippingMethod: 'Phương thức giao hàng',
    paymentMethod: 'Phương thức thanh toán',
    days: '{days} ngày',
    deliveryDate: 'Ngày giao hàng',
    shippingAddress: 'Địa chỉ giao hàng',
    purchaseOrderNumber: 'Số đơn đặt hàng (PO)',
    commentWebshop: 'Ghi chú cho cửa hàng',
    commentSupplier: 'Ghi chú cho nhà cung cấp',
    outro:
      'Nếu bạn có câu hỏi về đơn hàng, vui lòng liên hệ với nhân viên kinh doanh hoặc bộ phận chăm sóc khách hàng của chúng tôi.',
    closing: 'Trân trọng,\nĐội ngũ cửa hàng trực tuyến',
  },
  zh: {
    subject: '订单确认 – 第{orderId}号订单',
    greeting: '尊敬的{name}：',
    introCustomer: '感谢您的订购。我们已记录以下订单：',
    introCustomerByAgent: '您的销售代表{agent}已代表您提交以下订单：',
    introAgent: '我们已为您的客户{customer}记录以下订单：',
    orderNumber: '订单号',
    date: '日期',
    product: '产品',
    sku: '货号',
    quantity: '数量',
    unitPrice: '单价',
    lineTotal: '小计',
    pieces: '件',
    itemsGross: '商品含税总额',
    itemsNet: '商品不含税总额',
    weight: '重量',
    logisticsCost: '物流费用',
    shippingCost: '运费',
    total: '应付总额',
    shippingMethod: '配送方式',
    paymentMethod: '付款方式',
    days: '{days}天',
    deliveryDate: '送货日期',
    shippingAddress: '送货地址',
    purchaseOrderNumber: '采购订单号（PO）',
    commentWebshop: '给网店的备注',
    commentSupplier: '给供应商的备注',
    outro: '如对订单有任何疑问，请联系您的销售代表或我们的客户服务部。',
    closing: '此致\n网上商店团队',
  },
};

/** Ft with fillér only when the amount has them. */
function money(minor: number): string {
  return formatMoney(minor, minor % 100 === 0 ? 0 : 2);
}

export interface RenderedOrderMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * A line's photo before its name: decorative (the name follows), so an empty alt text. A mail
 * program that knows srcset picks the size for the screen's density; the others show `src`.
 */
function photoHtml(line: OrderMailLine): string {
  if (!line.photo) return '';
  return (
    `<img src="${escapeHtml(line.photo.src)}" srcset="${escapeHtml(line.photo.srcset)}" ` +
    `sizes="${MAIL_PHOTO_WIDTH}px" width="${MAIL_PHOTO_WIDTH}" height="${line.photo.height}" alt="" ` +
    `style="display:inline-block;vertical-align:middle;margin-right:8px;border:0">`
  );
}

export function renderOrderConfirmation(
  language: Language,
  recipient: OrderMailRecipient,
  recipientName: string,
  data: OrderMailData,
): RenderedOrderMail {
  const t = PACKS[language];
  const values = {
    orderId: String(data.orderId),
    name: lineWithoutControls(recipientName),
    agent: lineWithoutControls(data.agentName ?? ''),
    customer: lineWithoutControls(data.customerName),
    days: String(data.paymentTermDays),
  };
  const intro =
    recipient === 'agent' ? t.introAgent : data.agentName ? t.introCustomerByAgent : t.introCustomer;
  const subject = fill(t.subject, values);
  const grandTotal = data.itemsGross + data.logisticsCost + data.shippingCost;
  const payment =
    data.paymentTermDays > 0 ? `${data.paymentMethod} (${fill(t.days, values)})` : data.paymentMethod;

  const facts: [string, string][] = [
    [t.orderNumber, String(data.orderId)],
    ...(data.purchaseOrderNumber
      ? ([[t.purchaseOrderNumber, lineWithoutControls(data.purchaseOrderNumber)]] as [string, string][])
      : []),
    [t.date, formatDateTime(data.createdAt, data.timeZone)],
    [t.shippingMethod, lineWithoutControls(data.shippingMethod)],
    [t.paymentMethod, lineWithoutControls(payment)],
  ];
  if (data.deliveryDate) facts.push([t.deliveryDate, formatDate(data.deliveryDate)]);
  if (data.shippingAddress) facts.push([t.shippingAddress, lineWithoutControls(data.shippingAddress)]);

  const sums: [string, string][] = [
    [t.itemsGross, money(data.itemsGross)],
    [t.itemsNet, money(data.itemsNet)],
    [t.weight, formatWeightKg(data.weight)],
  ];
  if (data.logisticsCost > 0) sums.push([t.logisticsCost, money(data.logisticsCost)]);
  if (data.shippingCost > 0) sums.push([t.shippingCost, money(data.shippingCost)]);
  sums.push([t.total, money(grandTotal)]);

  const comments: [string, string][] = [];
  if (data.commentWebshop.trim()) comments.push([t.commentWebshop, data.commentWebshop.trim()]);
  if (data.commentSupplier.trim()) comments.push([t.commentSupplier, data.commentSupplier.trim()]);

  const text: string[] = [
    fill(t.greeting, values),
    fill(intro, values),
    facts.map(([k, v]) => `${k}: ${v}`).join('\n'),
  ];
  text.push(
    data.lines
      .map(
        (line) =>
          `- ${lineWithoutControls(line.name)} (${t.sku}: ${lineWithoutControls(line.sku)}): ${formatNumber(line.quantity)} ${t.pieces} × ` +
          `${money(line.unitPrice)} = ${money(line.lineGross)}`,
      )
      .join('\n'),
  );
  text.push(sums.map(([k, v]) => `${k}: ${v}`).join('\n'));
  for (const [label, comment] of comments) text.push(`${label}:\n${comment}`);
  text.push(t.outro, t.closing);

  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd"';
  const num = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap"';
  const table = (rows: [string, string][]) =>
    `<table style="border-collapse:collapse">${rows
      .map(
        ([k, v]) =>
          `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
      )
      .join('')}</table>`;
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222">` +
    `<p>${escapeHtml(fill(t.greeting, values))}</p><p>${escapeHtml(fill(intro, values))}</p>` +
    table(facts) +
    `<table style="border-collapse:collapse;margin:16px 0"><thead><tr>` +
    `<th ${cell}>${escapeHtml(t.product)}</th><th ${cell}>${escapeHtml(t.sku)}</th><th ${num}>${escapeHtml(t.quantity)}</th>` +
    `<th ${num}>${escapeHtml(t.unitPrice)}</th><th ${num}>${escapeHtml(t.lineTotal)}</th></tr></thead><tbody>` +
    data.lines
      .map(
        (line) =>
          `<tr><td ${cell}>${photoHtml(line)}${escapeHtml(line.name)}</td><td ${cell}>${escapeHtml(line.sku)}</td>` +
          `<td ${num}>${escapeHtml(`${formatNumber(line.quantity)} ${t.pieces}`)}</td><td ${num}>${escapeHtml(money(line.unitPrice))}</td>` +
          `<td ${num}>${escapeHtml(money(line.lineGross))}</td></tr>`,
      )
      .join('') +
    `</tbody></table>` +
    table(sums) +
    comments
      .map(
        ([label, comment]) =>
          `<p><strong>${escapeHtml(label)}:</strong><br>${escapeHtml(comment).replaceAll('\n', '<br>')}</p>`,
      )
      .join('') +
    `<p>${escapeHtml(t.outro)}</p><p>${escapeHtml(t.closing).replaceAll('\n', '<br>')}</p></body></html>`;

  return { subject, text: `${text.join('\n\n')}\n`, html };
}
