import type { PackUnitName } from '@shop/shared/contracts/products';
import type { Language } from '@shop/shared/i18n/languages';
import { PACK_UNIT_NAMES } from '../../lib/pack-unit-names';

/** The texts of the generated newspaper and of its list entry, in every shop language. */
export interface NewspaperTexts {
  shopName: string;
  /** The list entry's title and the PDF's heading. */
  title: string;
  subtitle: string;
  /** "{from}" and "{to}" are dates. */
  validity: string;
  validityOpen: string;
  gross: string;
  net: string;
  perPiece: string;
  regularPrice: string;
  /** "{date}" */
  offerEnds: string;
  offerOpen: string;
  sku: string;
  vat: string;
  minimumOrder: string;
  /** "{page}" and "{pages}" */
  page: string;
  note: string;
  /** ASCII, for the file name. */
  fileBase: string;
  units: Record<PackUnitName, string>;
}

export const NEWSPAPER_TEXTS: Record<Language, NewspaperTexts> = {
  hu: {
    shopName: 'Nagyker Webshop',
    title: 'Akciós újság',
    subtitle: 'Aktuális akcióink az Ön árain',
    validity: 'Érvényes: {from} – {to}',
    validityOpen: 'Érvényes: {from}-tól, a készlet erejéig',
    gross: 'Bruttó',
    net: 'Nettó',
    perPiece: '/ db',
    regularPrice: 'Eredeti ár',
    offerEnds: 'Az akció vége: {date}',
    offerOpen: 'Az akció visszavonásig érvényes',
    sku: 'Cikkszám',
    vat: 'Áfa',
    minimumOrder: 'Rendelési egység',
    page: '{page}. oldal / {pages}',
    note: 'Az árak az Ön fiókjára érvényes darabárak forintban. A készlet és az árak változhatnak.',
    fileBase: 'akcios-ujsag',
    units: PACK_UNIT_NAMES.hu,
  },
  en: {
    shopName: 'Wholesale Webshop',
    title: 'Special offer newspaper',
    subtitle: 'Our current offers at your prices',
    validity: 'Valid: {from} – {to}',
    validityOpen: 'Valid from {from} while stocks last',
    gross: 'Gross',
    net: 'Net',
    perPiece: '/ pc',
    regularPrice: 'Regular price',
    offerEnds: 'Offer ends: {date}',
    offerOpen: 'Offer valid until withdrawn',
    sku: 'Item no.',
    vat: 'VAT',
    minimumOrder: 'Order unit',
    page: 'Page {page} of {pages}',
    note: 'Prices are your account’s prices per piece in Hungarian forints. Stock and prices may change.',
    fileBase: 'special-offers',
    units: PACK_UNIT_NAMES.en,
  },
  vi: {
    shopName: 'Cửa hàng bán sỉ',
    title: 'Bản tin khuyến mãi',
    subtitle: 'Các ưu đãi hiện tại theo giá của quý khách',
    validity: 'Hiệu lực: {from} – {to}',
    validityOpen: 'Hiệu lực từ {from} cho đến khi hết hàng',
    gross: 'Giá gồm VAT',
    net: 'Giá chưa VAT',
    perPiece: '/ cái',
    regularPrice: 'Giá gốc',
    offerEnds: 'Khuyến mãi đến: {date}',
    offerOpen: 'Khuyến mãi đến khi có thông báo mới',
    sku: 'Mã hàng',
    vat: 'VAT',
    minimumOrder: 'Đơn vị đặt hàng',
    page: 'Trang {page}/{pages}',
    note: 'Giá là giá mỗi cái theo tài khoản của quý khách, tính bằng forint Hungary. Tồn kho và giá có thể thay đổi.',
    fileBase: 'ban-tin-khuyen-mai',
    units: PACK_UNIT_NAMES.vi,
  },
  zh: {
    shopName: '批发商城',
    title: '特价商品目录',
    subtitle: '按您的价格列出的当前优惠',
    validity: '有效期：{from} – {to}',
    validityOpen: '自 {from} 起有效，售完即止',
    gross: '含税价',
    net: '不含税价',
    perPiece: '/ 件',
    regularPrice: '原价',
    offerEnds: '优惠截止：{date}',
    offerOpen: '优惠长期有效，另行通知为止',
    sku: '货号',
    vat: '增值税',
    minimumOrder: '订购单位',
    page: '第 {page} 页，共 {pages} 页',
    note: '价格为您账户的单件价格（匈牙利福林）。库存和价格可能变动。',
    fileBase: 'special-offers-zh',
    units: PACK_UNIT_NAMES.zh,
  },
};

/** Replaces {name} placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    values[key] === undefined ? match : String(values[key]),
  );
}
