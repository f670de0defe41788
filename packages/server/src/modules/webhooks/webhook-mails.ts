import { isLanguage, type Language } from '@shop/shared/i18n/languages';

/** The mail administrators get when the shop disables a webhook endpoint (issue 14 point 6). */
const TEXTS: Record<
  Language,
  {
    subject: (url: string) => string;
    gone: string;
    failing: string;
    body: (url: string, why: string, link: string) => string;
  }
> = {
  hu: {
    subject: (url) => `Webhook kikapcsolva: ${url}`,
    gone: 'a fogadó 410 Gone választ adott (a végpont megszűnt)',
    failing: '24 órája minden kézbesítés sikertelen',
    body: (url, why, link) =>
      `A webáruház kikapcsolta ezt a webhookot: ${url}\nOka: ${why}.\n\nEllenőrizze a fogadót, majd kapcsolja be újra, és küldje újra a kimaradt eseményeket: ${link}\n`,
  },
  en: {
    subject: (url) => `Webhook disabled: ${url}`,
    gone: 'the receiver answered 410 Gone (the endpoint no longer exists)',
    failing: 'every delivery has failed for 24 hours',
    body: (url, why, link) =>
      `The shop has disabled this webhook: ${url}\nReason: ${why}.\n\nCheck the receiver, then enable it again and resend the missed events: ${link}\n`,
  },
  vi: {
    subject: (url) => `Webhook đã bị tắt: ${url}`,
    gone: 'bên nhận trả lời 410 Gone (điểm cuối không còn tồn tại)',
    failing: 'mọi lần gửi đều thất bại trong 24 giờ',
    body: (url, why, link) =>
      `Cửa hàng đã tắt webhook này: ${url}\nLý do: ${why}.\n\nHãy kiểm tra bên nhận, sau đó bật lại và gửi lại các sự kiện bị bỏ lỡ: ${link}\n`,
  },
  zh: {
    subject: (url) => `Webhook 已停用：${url}`,
    gone: '接收方返回 410 Gone（该端点已不存在）',
    failing: '24 小时内所有投递均失败',
    body: (url, why, link) =>
      `商店已停用此 Webhook：${url}\n原因：${why}。\n\n请检查接收方，然后重新启用并重发遗漏的事件：${link}\n`,
  },
};

export function webhookDisabledMail(
  language: string,
  url: string,
  reason: 'gone' | 'failing',
  link: string,
): { subject: string; text: string } {
  const texts = TEXTS[isLanguage(language) ? language : 'hu'];
  return { subject: texts.subject(url), text: texts.body(url, texts[reason], link) };
}
