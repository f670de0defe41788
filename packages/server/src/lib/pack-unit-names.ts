import type { PackUnitName } from '@shop/shared/contracts/products';
import type { Language } from '@shop/shared/i18n/languages';

/** The pack units' names in every shop language, as the generated price list and newspaper print them. */
export const PACK_UNIT_NAMES: Record<Language, Record<PackUnitName, string>> = {
  hu: { piece: 'darab', carton: 'karton', row: 'sor', collector: 'gyűjtő', pallet: 'raklap' },
  en: { piece: 'piece', carton: 'carton', row: 'row', collector: 'collector', pallet: 'pallet' },
  vi: { piece: 'cái', carton: 'thùng', row: 'hàng', collector: 'lốc', pallet: 'pallet' },
  zh: { piece: '件', carton: '箱', row: '层', collector: '组', pallet: '托盘' },
};
