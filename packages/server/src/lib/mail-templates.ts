import type { Language } from '@shop/shared/i18n/languages';
import { escapeHtml, fill, lineWithoutControls } from './mail-text';

/**
 * The account mails, in every shop language: subject, plain text and simple HTML.
 * Each template is a list of blocks: a paragraph (with `{name}`, `{reason}` placeholders) or the
 * link of the mail (printed on a line of its own in the text part, so it can be clicked or copied).
 */

export type MailKind =
  'verification' | 'approval' | 'rejection' | 'passwordReset' | 'accountCreated' | 'companyInvite';

export interface MailVars {
  /** The confirmation link `${publicUrl}/user/{userId}/verify/{code}`. */
  verification: { name: string; link: string };
  /** The shop's address to log in. */
  approval: { name: string; link: string };
  rejection: { name: string; reason: string | null };
  /** The reset link `${publicUrl}/user/{userId}/reset-password/{code}`. */
  passwordReset: { name: string; link: string };
  /** An account made in the back office: the login address, the generated password and the shop's login link. */
  accountCreated: { name: string; link: string; email: string; password: string };
  /** An invitation to a company's account (issue 15): `${publicUrl}/user/{userId}/invite/{code}`, 7 days. */
  companyInvite: { name: string; link: string; company: string; inviter: string; email: string };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Block = string | { link: string } | { ifReason: string };

interface Template {
  subject: string;
  blocks: Block[];
}

interface LanguagePack {
  greeting: string;
  closing: string;
  templates: Record<MailKind, Template>;
}

const PACKS: Record<Language, LanguagePack> = {
  hu: {
    greeting: 'Kedves {name}!',
    closing: 'Üdvözlettel:\na webáruház csapata',
    templates: {
      verification: {
        subject: 'Erősítse meg e-mail-címét',
        blocks: [
          'Köszönjük a regisztrációját. E-mail-címe megerősítéséhez nyissa meg az alábbi linket (7 napig érvényes):',
          { link: 'E-mail-cím megerősítése' },
          'A megerősítés után munkatársaink 48–72 órán belül jóváhagyják a fiókját; erről e-mailben értesítjük.',
          'Ha nem Ön regisztrált, hagyja figyelmen kívül ezt a levelet.',
        ],
      },
      approval: {
        subject: 'Fiókját jóváhagytuk',
        blocks: [
          'Örömmel értesítjük, hogy fiókját jóváhagytuk. Mostantól bejelentkezhet a webáruházba:',
          { link: 'Bejelentkezés' },
          'Jó vásárlást kívánunk!',
        ],
      },
      rejection: {
        subject: 'Regisztrációját nem tudtuk jóváhagyni',
        blocks: [
          'Sajnáljuk, de regisztrációját nem tudtuk jóváhagyni.',
          { ifReason: 'Indoklás: {reason}' },
          'Ha kérdése van, keresse kapcsolattartóját vagy ügyfélszolgálatunkat.',
        ],
      },
      passwordReset: {
        subject: 'Jelszó visszaállítása',
        blocks: [
          'Jelszó-visszaállítást kértek a fiókjához. Új jelszót az alábbi linken állíthat be (1 óráig érvényes, egyszer használható):',
          { link: 'Új jelszó beállítása' },
          'Ha nem Ön kérte, hagyja figyelmen kívül ezt a levelet; jelszava nem változik.',
        ],
      },
      accountCreated: {
        subject: 'Fiókot hoztunk létre Önnek a webáruházban',
        blocks: [
          'Munkatársunk fiókot hozott létre Önnek a webáruházunkban. Bejelentkezési adatai:',
          'E-mail-cím: {email}',
          'Jelszó: {password}',
          'Ezt az automatikusan létrehozott jelszót az első bejelentkezéskor meg kell változtatnia.',
          { link: 'Bejelentkezés' },
        ],
      },
      companyInvite: {
        subject: 'Meghívó a(z) {company} webáruházas fiókjába',
        blocks: [
          '{inviter} meghívta Önt a(z) {company} cég felhasználói közé a webáruházunkban. Bejelentkezési e-mail-címe: {email}',
          'Jelszava beállításához nyissa meg az alábbi linket (7 napig érvényes, egyszer használható):',
          { link: 'Jelszó beállítása' },
          'Ha nem számított erre a meghívóra, hagyja figyelmen kívül ezt a levelet.',
        ],
      },
    },
  },
  en: {
    greeting: 'Dear {name},',
    closing: 'Kind regards,\nThe web shop team',
    templates: {
      verification: {
        subject: 'Confirm your e-mail address',
        blocks: [
          'Thank you for registering. To confirm your e-mail address, open the link below (valid for 7 days):',
          { link: 'Confirm e-mail address' },
          'After the confirmation our staff approve your account within 48–72 hours; we will let you know by e-mail.',
          'If you did not register, please ignore this e-mail.',
        ],
      },
      approval: {
        subject: 'Your account has been approved',
        blocks: [
          'We are pleased to tell you that your account has been approved. You can now log in to the web shop:',
          { link: 'Log in' },
          'Happy shopping!',
        ],
      },
      rejection: {
        subject: 'Your registration could not be approved',
        blocks: [
          'We are sorry, but we could not approve your registration.',
          { ifReason: 'Reason: {reason}' },
          'If you have any questions, please contact your sales representative or our customer service.',
        ],
      },
      passwordReset: {
        subject: 'Reset your password',
        blocks: [
          'A password reset was requested for your account. You can set a new password with the link below (valid for 1 hour, usable once):',
          { link: 'Set a new password' },
          'If you did not ask for it, please ignore this e-mail; your password stays unchanged.',
        ],
      },
      accountCreated: {
        subject: 'An account has been created for you in the web shop',
        blocks: [
          'Our staff have created an account for you in our web shop. Your login details:',
          'E-mail address: {email}',
          'Password: {password}',
          'You must change this automatically generated password when you first log in.',
          { link: 'Log in' },
        ],
      },
      companyInvite: {
        subject: 'Invitation to the web shop account of {company}',
        blocks: [
          '{inviter} has invited you to the users of {company} in our web shop. Your login e-mail address: {email}',
          'To set your password, open the link below (valid for 7 days, single use):',
          { link: 'Set password' },
          'If you did not expect this invitation, please ignore this e-mail.',
        ],
      },
    },
  },
  vi: {
    greeting: 'Kính gửi {name},',
    closing: 'Trân trọng,\nĐội ngũ cửa hàng trực tuyến',
    templates: {
      verification: {
        subject: 'Xác nhận địa chỉ e-mail của bạn',
        blocks: [
          'Cảm ơn bạn đã đăng ký. Để xác nhận địa chỉ e-mail, vui lòng mở liên kết dưới đây (có hiệu lực trong 7 ngày):',
          { link: 'Xác nhận địa chỉ e-mail' },
          'Sau khi xác nhận, nhân viên của chúng tôi sẽ phê duyệt tài khoản của bạn trong vòng 48–72 giờ; chúng tôi sẽ thông báo cho bạn qua e-mail.',
          'Nếu bạn không đăng ký, vui lòng bỏ qua e-mail này.',
        ],
      },
      approval: {
        subject: 'Tài khoản của bạn đã được phê duyệt',
        blocks: [
          'Chúng tôi vui mừng thông báo rằng tài khoản của bạn đã được phê duyệt. Từ bây giờ bạn có thể đăng nhập vào cửa hàng trực tuyến:',
          { link: 'Đăng nhập' },
          'Chúc bạn mua sắm vui vẻ!',
        ],
      },
      rejection: {
        subject: 'Đăng ký của bạn không được phê duyệt',
        blocks: [
          'Rất tiếc, chúng tôi không thể phê duyệt đăng ký của bạn.',
          { ifReason: 'Lý do: {reason}' },
          'Nếu bạn có câu hỏi, vui lòng liên hệ với nhân viên kinh doanh hoặc bộ phận chăm sóc khách hàng của chúng tôi.',
        ],
      },
      passwordReset: {
        subject: 'Đặt lại mật khẩu',
        blocks: [
          'Có yêu cầu đặt lại mật khẩu cho tài khoản của bạn. Bạn có thể đặt mật khẩu mới bằng liên kết dưới đây (có hiệu lực trong 1 giờ, chỉ dùng được một lần):',
          { link: 'Đặt mật khẩu mới' },
          'Nếu bạn không yêu cầu, vui lòng bỏ qua e-mail này; mật khẩu của bạn sẽ không thay đổi.',
        ],
      },
      accountCreated: {
        subject: 'Tài khoản của bạn tại cửa hàng trực tuyến đã được tạo',
        blocks: [
          'Nhân viên của chúng tôi đã tạo cho bạn một tài khoản tại cửa hàng trực tuyến. Thông tin đăng nhập:',
          'Địa chỉ e-mail: {email}',
          'Mật khẩu: {password}',
          'Bạn phải đổi mật khẩu được tạo tự động này khi đăng nhập lần đầu.',
          { link: 'Đăng nhập' },
        ],
      },
      companyInvite: {
        subject: 'Lời mời vào tài khoản cửa hàng trực tuyến của {company}',
        blocks: [
          '{inviter} đã mời bạn trở thành người dùng của {company} trong cửa hàng trực tuyến của chúng tôi. E-mail đăng nhập của bạn: {email}',
          'Để đặt mật khẩu, hãy mở liên kết dưới đây (có hiệu lực 7 ngày, chỉ dùng một lần):',
          { link: 'Đặt mật khẩu' },
          'Nếu bạn không mong đợi lời mời này, hãy bỏ qua e-mail này.',
        ],
      },
    },
  },
  zh: {
    greeting: '尊敬的{name}：',
    closing: '此致\n网上商店团队',
    templates: {
      verification: {
        subject: '请确认您的电子邮件地址',
        blocks: [
          '感谢您的注册。请打开以下链接确认您的电子邮件地址（7天内有效）：',
          { link: '确认电子邮件地址' },
          '确认后，我们的工作人员将在48–72小时内审核您的账户，并通过电子邮件通知您。',
          '如果您没有注册，请忽略此邮件。',
        ],
      },
      approval: {
        subject: '您的账户已通过审核',
        blocks: [
          '我们很高兴地通知您，您的账户已通过审核。您现在可以登录网上商店：',
          { link: '登录' },
          '祝您购物愉快！',
        ],
      },
      rejection: {
        subject: '您的注册未能通过审核',
        blocks: [
          '很抱歉，您的注册未能通过审核。',
          { ifReason: '原因：{reason}' },
          '如有任何疑问，请联系您的销售代表或我们的客户服务部。',
        ],
      },
      passwordReset: {
        subject: '重置您的密码',
        blocks: [
          '您的账户收到了重置密码的请求。您可以通过以下链接设置新密码（1小时内有效，仅可使用一次）：',
          { link: '设置新密码' },
          '如果这不是您本人的请求，请忽略此邮件，您的密码不会改变。',
        ],
      },
      accountCreated: {
        subject: '我们已为您在网上商店创建账户',
        blocks: [
          '我们的工作人员已为您在网上商店创建了账户。您的登录信息：',
          '电子邮箱：{email}',
          '密码：{password}',
          '首次登录时，您必须修改这个自动生成的密码。',
          { link: '登录' },
        ],
      },
      companyInvite: {
        subject: '邀请您加入 {company} 的网上商店账户',
        blocks: [
          '{inviter} 邀请您成为 {company} 在我们网上商店的用户。您的登录电子邮箱：{email}',
          '请打开下面的链接设置密码（7 天内有效，仅可使用一次）：',
          { link: '设置密码' },
          '如果您没有预料到此邀请，请忽略这封邮件。',
        ],
      },
    },
  },
};

/** Renders one account mail in the given language. */
export function renderMail<K extends MailKind>(kind: K, language: Language, vars: MailVars[K]): RenderedMail {
  const pack = PACKS[language];
  const template = pack.templates[kind];
  const raw = vars as {
    name: string;
    link?: string;
    reason?: string | null;
    email?: string;
    password?: string;
    company?: string;
    inviter?: string;
  };
  const values: Record<string, string> = { name: lineWithoutControls(raw.name) };
  if (raw.email) values.email = lineWithoutControls(raw.email);
  if (raw.password) values.password = lineWithoutControls(raw.password);
  if (raw.company) values.company = lineWithoutControls(raw.company);
  if (raw.inviter) values.inviter = lineWithoutControls(raw.inviter);
  const reason = raw.reason ? lineWithoutControls(raw.reason) : '';
  if (reason) values.reason = reason;
  const link = raw.link;

  const textParts: string[] = [fill(pack.greeting, values)];
  const htmlParts: string[] = [`<p>${escapeHtml(fill(pack.greeting, values))}</p>`];
  for (const block of template.blocks) {
    if (typeof block === 'string') {
      textParts.push(fill(block, values));
      htmlParts.push(`<p>${escapeHtml(fill(block, values))}</p>`);
    } else if ('link' in block) {
      if (!link) throw new Error(`mail ${kind} needs a link`);
      textParts.push(link);
      htmlParts.push(
        `<p><a href="${escapeHtml(link)}" style="font-weight:bold">${escapeHtml(block.link)}</a><br>` +
          `<span style="font-size:small;word-break:break-all">${escapeHtml(link)}</span></p>`,
      );
    } else if (reason) {
      textParts.push(fill(block.ifReason, values));
      htmlParts.push(`<p>${escapeHtml(fill(block.ifReason, values))}</p>`);
    }
  }
  textParts.push(pack.closing);
  htmlParts.push(`<p>${escapeHtml(pack.closing).replaceAll('\n', '<br>')}</p>`);

  const subject = fill(template.subject, values);
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222">` +
    htmlParts.join('') +
    `</body></html>`;
  return { subject, text: `${textParts.join('\n\n')}\n`, html };
}
