import { LANGUAGES } from '@shop/shared/i18n/languages';
import { describe, expect, it } from 'vitest';
import { type MailKind, renderMail } from './mail-templates';

const LINK = 'https://shop.example/user/42/verify/abc_DEF-123';
const KINDS: MailKind[] = ['verification', 'approval', 'rejection', 'passwordReset'];

function render(kind: MailKind, language: (typeof LANGUAGES)[number], name = 'Kovács Anna') {
  switch (kind) {
    case 'rejection':
      return renderMail('rejection', language, { name, reason: 'Hiányzó adatok' });
    default:
      return renderMail(kind, language, { name, link: LINK });
  }
}

describe('renderMail', () => {
  it.each(LANGUAGES)(
    'renders every account mail in %s with the name, the link and no placeholder left',
    (language) => {
      for (const kind of KINDS) {
        const mail = render(kind, language);
        expect(mail.subject.length, kind).toBeGreaterThan(3);
        expect(mail.text, kind).toContain('Kovács Anna');
        expect(mail.html, kind).toContain('Kovács Anna');
        expect(mail.text, kind).not.toMatch(/\{\w+\}/);
        expect(mail.html, kind).not.toMatch(/\{\w+\}/);
        expect(mail.html, kind).toContain(`<html lang="${language}">`);
        if (kind === 'rejection') {
          expect(mail.text).toContain('Hiányzó adatok');
        } else {
          // The link stands on a line of its own in the text part, and is a real anchor in the HTML part.
          expect(mail.text.split('\n'), kind).toContain(LINK);
          expect(mail.html, kind).toContain(`href="${LINK}"`);
        }
      }
    },
  );

  it('uses a different text for each language', () => {
    for (const kind of KINDS) {
      const subjects = new Set(LANGUAGES.map((language) => render(kind, language).subject));
      expect(subjects.size, kind).toBe(LANGUAGES.length);
    }
    expect(render('verification', 'hu').subject).toBe('Erősítse meg e-mail-címét');
    expect(render('verification', 'en').subject).toBe('Confirm your e-mail address');
    expect(render('passwordReset', 'vi').subject).toBe('Đặt lại mật khẩu');
    expect(render('approval', 'zh').subject).toBe('您的账户已通过审核');
  });

  it('tells about the approval delay and the link lifetimes', () => {
    expect(render('verification', 'en').text).toContain('48–72 hours');
    expect(render('verification', 'en').text).toContain('7 days');
    expect(render('passwordReset', 'en').text).toContain('1 hour');
    expect(render('passwordReset', 'hu').text).toContain('1 óráig');
  });

  it('escapes names in the HTML part and keeps the text part on one line per value', () => {
    const mail = renderMail('verification', 'en', { name: '<b>Evil</b> & "Co"\nBcc: x@y', link: LINK });
    expect(mail.html).toContain('&lt;b&gt;Evil&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(mail.html).not.toContain('<b>Evil</b>');
    expect(mail.text.split('\n')[0]).toBe('Dear <b>Evil</b> & "Co" Bcc: x@y,');
  });

  it('leaves out the reason line of a rejection without a reason', () => {
    const withReason = renderMail('rejection', 'en', { name: 'Anna', reason: 'Unknown company' });
    const without = renderMail('rejection', 'en', { name: 'Anna', reason: null });
    expect(withReason.text).toContain('Reason: Unknown company');
    expect(without.text).not.toContain('Reason');
  });

  it('refuses to render a link mail without its link', () => {
    expect(() => renderMail('verification', 'en', { name: 'Anna', link: '' })).toThrow();
  });
});
