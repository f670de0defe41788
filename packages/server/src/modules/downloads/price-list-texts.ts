import type { PackUnitName } from '@shop/shared/contracts/products';
import type { Language } from '@shop/shared/i18n/languages';
import { PACK_UNIT_NAMES } from '../../lib/pack-unit-names';

/** Texts of the price-list spreadsheet in every shop language. */
export interface PriceListTexts {
  sheet: string;
  title: string;
  fileBase: string;
  columns: {
    sku: string;
    name: string;
    manufacturer: string;
    unit: string;
    pieces: string;
    gross: string;
    net: string;
    vat: string;
    special: string;
    specialFrom: string;
    specialTo: string;
    quantityPrices: string;
  };
  /** "{pieces}" and "{price}" */
  quantityPrice: string;
  units: Record<PackUnitName, string>;
}

export const PRICE_LIST_TEXTS: Record<Language, PriceListTexts> = {
  hu: {
    sheet: 'Árlista',
    title: 'Árlista',
    fileBase: 'arlista',
    columns: {
      sku: 'Cikkszám',
      name: 'Megnevezés',
      manufacturer: 'Gyártó',
      unit: 'Rendelési egység',
      pieces: 'Darab / egység',
      gross: 'Bruttó ár / db',
      net: 'Nettó ár / db',
      vat: 'Áfa %',
      special: 'Akciós ár / db (bruttó)',
      specialFrom: 'Akció kezdete',
      specialTo: 'Akció vége',
      quantityPrices: 'Mennyiségi árak (bruttó / db)',
    },
    quantityPrice: '{pieces} db-tól: {price}',
    units: PACK_UNIT_NAMES.hu,
  },
  en: {
    sheet: 'Price list',
    title: 'Price list',
    fileBase: 'price-list',
    columns: {
      sku: 'Item no. (SKU)',
      name: 'Name',
      manufacturer: 'Manufacturer',
      unit: 'Order unit',
      pieces: 'Pieces per unit',
      gross: 'Gross price / pc',
      net: 'Net price / pc',
      vat: 'VAT %',
      special: 'Special price / pc (gross)',
      specialFrom: 'Special price from',
      specialTo: 'Special price until',
      quantityPrices: 'Quantity prices (gross / pc)',
    },
    quantityPrice: 'from {pieces} pcs: {price}',
    units: PACK_UNIT_NAMES.en,
  },
  vi: {
    sheet: 'Bảng giá',
    title: 'Bảng giá',
    fileBase: 'bang-gia',
    columns: {
      sku: 'Mã hàng (SKU)',
      name: 'Tên sản phẩm',
      manufacturer: 'Nhà sản xuất',
      unit: 'Đơn vị đặt hàng',
      pieces: 'Số cái / đơn vị',
      gross: 'Giá gồm VAT / cái',
      net: 'Giá chưa VAT / cái',
      vat: 'VAT %',
      special: 'Giá khuyến mãi / cái (gồm VAT)',
      specialFrom: 'Khuyến mãi từ',
      specialTo: 'Khuyến mãi đến',
      quantityPrices: 'Giá theo số lượng (gồm VAT / cái)',
    },
    quantityPrice: 'từ {pieces} cái: {price}',
    units: PACK_UNIT_NAMES.vi,
  },
  zh: {
    sheet: '价目表',
    title: '价目表',
    fileBase: 'price-list-zh',
    columns: {
      sku: '货号 (SKU)',
      name: '商品名称',
      manufacturer: '生产商',
      unit: '订购单位',
      pieces: '每单位件数',
      gross: '含税单价 / 件',
      net: '不含税单价 / 件',
      vat: '增值税 %',
      special: '特价 / 件（含税）',
      specialFrom: '特价开始',
      specialTo: '特价截止',
      quantityPrices: '数量价格（含税 / 件）',
    },
    quantityPrice: '{pieces} 件起：{price}',
    units: PACK_UNIT_NAMES.zh,
  },
};
