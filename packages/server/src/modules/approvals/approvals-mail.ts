import { formatDateTime, formatMoney } from '@shop/shared/format/format';
import type { Language } from '@shop/shared/i18n/languages';
import { escapeHtml, fill } from '../../lib/mail-text';

/**
 * The approval mails in every shop language (issue 15, docs/product.md §3.4): the request to the
 * company's owners and approvers, and the decision (approved, rejected with its reason, expired)
 * to the requester. Amounts arrive in minor units (1/100 Ft). Each mail links to the request's page.
 */
export type ApprovalMailKind = 'requested' | 'approved' | 'rejected' | 'expired';

export interface ApprovalMailData {
  approvalId: number;
  /** The recipient's name. */
  name: string;
  requesterName: string;
  /** Who decided (approved / rejected). */
  deciderName: string | null;
  company: string;
  grandTotal: number;
  itemsCount: number;
  /** ISO instant. */
  expiresAt: string;
  timeZone: string;
  reason: string | null;
  orderId: number | null;
  link: string;
}

interface Pack {
  greeting: string;
  closing: string;
  open: string;
  subjects: Record<ApprovalMailKind, string>;
  bodies: Record<ApprovalMailKind, string[]>;
  reason: string;
}

const PACKS: Record<Language, Pack> = {
  hu: {
    greeting: 'Kedves {name}!',
    closing: 'Üdvözlettel:\na webáruház csapata',
    open: 'A kérés megnyitása',
    subjects: {
      requested: 'Jóváhagyásra vár: {requester} rendelése ({total})',
      approved: 'Rendelését jóváhagyták (#{orderId})',
      rejected: 'Rendelési kérését elutasították',
      expired: 'Rendelési kérése lejárt',
    },
    bodies: {
      requested: [
        '{requester} ({company}) jóváhagyásra küldött egy rendelést: {count} tétel, összesen {total}.',
        'Az árak {expires}-ig érvényesek; addig hagyhatja jóvá vagy utasíthatja el.',
      ],
      approved: ['{decider} jóváhagyta rendelési kérését ({total}); a rendelést #{orderId} számon leadtuk.'],
      rejected: [
        '{decider} elutasította rendelési kérését ({total}).',
        'Módosított kosárral új kérést küldhet.',
      ],
      expired: [
        'Rendelési kérése ({total}) 7 napig nem kapott jóváhagyást, ezért lejárt.',
        'Ha még szüksége van rá, küldje el újra a kosarából.',
      ],
    },
    reason: 'Indoklás: {reason}',
  },
  en: {
    greeting: 'Dear {name},',
    closing: 'Kind regards,\nThe web shop team',
    open: 'Open the request',
    subjects: {
      requested: 'Awaiting approval: order from {requester} ({total})',
      approved: 'Your order was approved (#{orderId})',
      rejected: 'Your order request was rejected',
      expired: 'Your order request has expired',
    },
    bodies: {
      requested: [
        '{requester} ({company}) sent an order for approval: {count} lines, {total} in total.',
        'Its prices hold until {expires}; approve or reject it before then.',
      ],
      approved: ['{decider} approved your order request ({total}); the order has been placed as #{orderId}.'],
      rejected: [
        '{decider} rejected your order request ({total}).',
        'You can send a new request with a changed cart.',
      ],
      expired: [
        'Your order request ({total}) was not approved within 7 days, so it has expired.',
        'If you still need it, send it again from your cart.',
      ],
    },
    reason: 'Reason: {reason}',
  },
  vi: {
    greeting: 'Kính gửi {name},',
    closing: 'Trân trọng,\nĐội ngũ cửa hàng trực tuyến',
    open: 'Mở yêu cầu',
    subjects: {
      requested: 'Chờ phê duyệt: đơn hàng của {requester} ({total})',
      approved: 'Đơn hàng của bạn đã được phê duyệt (#{orderId})',
      rejected: 'Yêu cầu đặt hàng của bạn đã bị từ chối',
      expired: 'Yêu cầu đặt hàng của bạn đã hết hạn',
    },
    bodies: {
      requested: [
        '{requester} ({company}) đã gửi một đơn hàng để phê duyệt: {count} dòng, tổng cộng {total}.',
        'Giá có hiệu lực đến {expires}; hãy phê duyệt hoặc từ chối trước thời điểm đó.',
      ],
      approved: [
        '{decider} đã phê duyệt yêu cầu đặt hàng của bạn ({total}); đơn hàng đã được đặt với số #{orderId}.',
      ],
      rejected: [
        '{decider} đã từ chối yêu cầu đặt hàng của bạn ({total}).',
        'Bạn có thể gửi yêu cầu mới với giỏ hàng đã thay đổi.',
      ],
      expired: [
        'Yêu cầu đặt hàng của bạn ({total}) không được phê duyệt trong 7 ngày nên đã hết hạn.',
        'Nếu vẫn cần, hãy gửi lại từ giỏ hàng.',
      ],
    },
    reason: 'Lý do: {reason}',
  },
  zh: {
    greeting: '尊敬的 {name}：',
    closing: '此致\n网店团队',
    open: '打开请求',
    subjects: {
      requested: '待审批：{requester} 的订单（{total}）',
      approved: '您的订单已获批准（#{orderId}）',
      rejected: '您的订单请求被拒绝',
      expired: '您的订单请求已过期',
    },
    bodies: {
      requested: [
        '{requester}（{company}）提交了一个待审批的订单：{count} 行，共计 {total}。',
        '价格有效期至 {expires}；请在此之前批准或拒绝。',
      ],
      approved: ['{decider} 已批准您的订单请求（{total}）；订单号为 #{orderId}。'],
      rejected: ['{decider} 拒绝了您的订单请求（{total}）。', '您可以修改购物车后重新提交请求。'],
      expired: ['您的订单请求（{total}）在 7 天内未获批准，已过期。', '如仍需要，请从购物车重新提交。'],
    },
    reason: '原因：{reason}',
  },
};

export function renderApprovalMail(
  kind: ApprovalMailKind,
  language: Language,
  data: ApprovalMailData,
): { subject: string; text: string; html: string } {
  const pack = PACKS[language];
  const values: Record<string, string> = {
    name: data.name,
    requester: data.requesterName,
    decider: data.deciderName ?? '',
    company: data.company,
    total: formatMoney(data.grandTotal),
    count: String(data.itemsCount),
    expires: formatDateTime(data.expiresAt, data.timeZone),
    orderId: data.orderId === null ? '' : String(data.orderId),
    reason: data.reason ?? '',
  };
  const subject = fill(pack.subjects[kind], values);
  const paragraphs = [fill(pack.greeting, values), ...pack.bodies[kind].map((b) => fill(b, values))];
  if (kind === 'rejected' && data.reason) paragraphs.push(fill(pack.reason, values));
  const text = [...paragraphs, `${pack.open}:\n${data.link}`, pack.closing].join('\n\n');
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>` +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `<p><a href="${escapeHtml(data.link)}" style="font-weight:bold">${escapeHtml(pack.open)}</a><br>` +
    `<span style="font-size:small;word-break:break-all">${escapeHtml(data.link)}</span></p>` +
    `<p>${escapeHtml(pack.closing).replaceAll('\n', '<br>')}</p></body></html>`;
  return { subject, text, html };
}
