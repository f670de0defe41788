import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { type OrderMailData, renderOrderConfirmation } from './order-mail';

const data: OrderMailData = {
  orderId: 42,
  createdAt: '2025-03-04T09:00:00.000Z',
  timeZone: 'Europe/Budapest',
  customerName: 'Alma <b>Kft.</b>',
  agentName: null,
  lines: [
    { sku: 'KAV-1', name: 'Kávé 1 kg', quantity: 2, unitPrice: 12700, lineGross: 25400 },
    { sku: 'RIZ-5', name: 'Rizs & co', quantity: 10, unitPrice: 1050, lineGross: 10500 },
  ],
  itemsGross: 35900,
  itemsNet: 30000,
  weight: 3200,
  logisticsCost: 150000,
  shippingCost: 0,
  shippingMethod: 'Kiszállítás',
  paymentMethod: 'Átutalás',
  paymentTermDays: 8,
  deliveryDate: '2025-03-06',
  shippingAddress: '6720, Szeged, Kárász utca 1.',
  commentWebshop: 'Hívjanak\nelőtte',
  commentSupplier: '',
};

describe('renderOrderConfirmation', () => {
  it.each(LANGUAGES)('renders the lines, totals and choices in %s', (language) => {
    const mail = renderOrderConfirmation(language, 'customer', 'Alma Kft.', data);
    expect(mail.subject).toContain('42');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('KAV-1');
      expect(part).toContain('Kávé 1 kg');
      expect(part).toMatch(/254\sFt/);
      expect(part).toMatch(/10,50\sFt/);
      expect(part).toMatch(/1\s?859\sFt/); // grand total with the logistics cost
      expect(part).toContain('2025.03.06');
      expect(part).toContain('3,2 kg');
      expect(part).toContain('2025.03.04 10:00:00');
    }
    expect(mail.html).toContain(`lang="${language}"`);
  });

  it('escapes HTML and keeps the text part on one line per value', () => {
    const mail = renderOrderConfirmation('en', 'agent', 'Agent <x>', { ...data, agentName: 'Agent <x>' });
    expect(mail.html).not.toContain('<b>Kft.</b>');
    expect(mail.html).toContain('Alma &lt;b&gt;Kft.&lt;/b&gt;');
    expect(mail.html).toContain('Rizs &amp; co');
    expect(mail.text).toContain('We have recorded the following order for your customer, Alma <b>Kft.</b>:');
    expect(mail.text).toContain('Note for the web shop:\nHívjanak\nelőtte');
    expect(mail.text).not.toContain('Comment for the supplier');
  });

  it('tells the customer when its agent placed the order', () => {
    const mail = renderOrderConfirmation('hu', 'customer', 'Alma Kft.', {
      ...data,
      agentName: 'Kovács Péter',
    });
    expect(mail.text).toContain('Értékesítője, Kovács Péter az Ön nevében');
    const own = renderOrderConfirmation('hu', 'customer', 'Alma Kft.', data);
    expect(own.text).toContain('Köszönjük a rendelését');
    expect(own.text).toContain('Fizetési mód: Átutalás (8 nap)');
  });
});
