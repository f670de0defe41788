import type { Language } from '@shop/shared/i18n/languages';

/**
 * The demo catalogue as compact tables: main categories -> subcategories -> product lines.
 * A product line is a set of variants (names in hu, en, vi, zh) sold in one or more sizes by
 * one or more brands; the builder (catalogue-builder.ts) multiplies variants x sizes into
 * products and rotates the brands. Prices are gross Ft per piece for the smallest pack.
 */

export type Tr = Record<Language, string>;
export type Vat = 5 | 18 | 27;
export type SizeUnit = 'g' | 'kg' | 'ml' | 'l' | 'pcs' | 'bags' | 'rolls' | 'sheets' | 'm';
export type Shape =
  | 'bottle'
  | 'can'
  | 'glass'
  | 'carton'
  | 'box'
  | 'bag'
  | 'jar'
  | 'tube'
  | 'roll'
  | 'tray'
  | 'sack'
  | 'canister'
  | 'tub'
  | 'pack';

export interface SizeSpec {
  amount: number;
  unit: SizeUnit;
  /** Pieces per carton (= order quantity step). */
  carton: number;
  /** Gross list price per piece, whole Ft. */
  price: number;
  shape?: Shape;
}

export interface Variant {
  names: Tr;
  /** Price multiplier against the line's size price. */
  factor?: number;
  seasonal?: boolean;
  /** Grams per counted unit (pcs, bags, rolls, sheets, m). */
  grams?: number;
}

export interface ProductLine {
  brands: string[];
  vat: Vat;
  shape: Shape;
  about: Tr;
  sizes: SizeSpec[];
  variants: Variant[];
  seasonal?: boolean;
  grams?: number;
}

export interface SubcategoryDef {
  slug: string;
  names: Tr;
  lines: ProductLine[];
}

export interface MainCategoryDef {
  slug: string;
  names: Tr;
  /** Background colour of the product pictures. */
  color: string;
  subs: SubcategoryDef[];
}

const t = (hu: string, en: string, vi: string, zh: string): Tr => ({ hu, en, vi, zh });
const v = (hu: string, en: string, vi: string, zh: string, extra: Omit<Variant, 'names'> = {}): Variant => ({
  names: t(hu, en, vi, zh),
  ...extra,
});
const s = (amount: number, unit: SizeUnit, carton: number, price: number, shape?: Shape): SizeSpec => ({
  amount,
  unit,
  carton,
  price,
  ...(shape ? { shape } : {}),
});
const sub = (slug: string, names: Tr, lines: ProductLine[]): SubcategoryDef => ({ slug, names, lines });

/** Invented brands (no real company is meant). */
export const MANUFACTURERS = [
  'Kristályforrás',
  'Hegyikút',
  'Napfény',
  'Gyümölcskert',
  'Turbó',
  'Aranyszem',
  'Teaház',
  'Alföldi Malom',
  'Tiszamenti',
  'Aranymező',
  'Nagyi Konyhája',
  'Pannon Konzerv',
  'Golden Lotus',
  'Mekong Delta Foods',
  'Saigon Kitchen',
  'Hoa Mai',
  'Jade Dragon',
  'Lucky Bamboo',
  'Fűszerkert',
  'Csokoládéház',
  'Ropogós',
  'Cukorkaház',
  'Tejút',
  'Jégvirág',
  'Tengerkincs',
  'Tisztaház',
  'Hófehér',
  'Puhapapír',
  'Pikk-Pakk',
  'Virágillat',
  'Mentafriss',
] as const;

export type ManufacturerName = (typeof MANUFACTURERS)[number];

export const CATALOGUE: MainCategoryDef[] = [
  {
    slug: 'italok',
    names: t('Italok', 'Drinks', 'Đồ uống', '饮料'),
    color: '#1565c0',
    subs: [
      sub('asvanyviz', t('Ásványvíz', 'Mineral water', 'Nước khoáng', '矿泉水'), [
        {
          brands: ['Kristályforrás', 'Hegyikút'],
          vat: 27,
          shape: 'bottle',
          about: t(
            'Természetes ásványvíz a Kárpát-medence mélyéről, kiegyensúlyozott ásványianyag-tartalommal.',
            'Natural mineral water from deep beneath the Carpathian Basin with a balanced mineral content.',
            'Nước khoáng thiên nhiên từ sâu trong lòng bồn địa Carpathian, hàm lượng khoáng chất cân bằng.',
            '来自喀尔巴阡盆地地下深处的天然矿泉水，矿物质含量均衡。',
          ),
          sizes: [s(0.5, 'l', 12, 139), s(1.5, 'l', 6, 199)],
          variants: [
            v('Ásványvíz, szénsavas', 'Sparkling mineral water', 'Nước khoáng có ga', '含气矿泉水'),
            v(
              'Ásványvíz, enyhén szénsavas',
              'Lightly sparkling mineral water',
              'Nước khoáng ít ga',
              '微气矿泉水',
            ),
            v('Ásványvíz, szénsavmentes', 'Still mineral water', 'Nước khoáng không ga', '无气矿泉水'),
          ],
        },
        {
          brands: ['Kristályforrás'],
          vat: 27,
          shape: 'bottle',
          about: t(
            'Enyhén szénsavas ásványvíz természetes gyümölcsaromával, cukor hozzáadása nélkül.',
            'Lightly sparkling mineral water with natural fruit flavour and no added sugar.',
            'Nước khoáng ít ga hương trái cây tự nhiên, không thêm đường.',
            '添加天然果味的微气矿泉水，不含添加糖。',
          ),
          sizes: [s(1.5, 'l', 6, 259)],
          variants: [
            v(
              'Ízesített ásványvíz, citrom',
              'Flavoured mineral water, lemon',
              'Nước khoáng hương chanh',
              '柠檬味矿泉水',
            ),
            v(
              'Ízesített ásványvíz, eper',
              'Flavoured mineral water, strawberry',
              'Nước khoáng hương dâu',
              '草莓味矿泉水',
            ),
          ],
        },
      ]),
      sub('uditoitalok', t('Üdítőitalok', 'Soft drinks', 'Nước ngọt', '软饮料'), [
        {
          brands: ['Napfény'],
          vat: 27,
          shape: 'bottle',
          about: t(
            'Frissítő szénsavas üdítőital, hűtve a legfinomabb.',
            'A refreshing carbonated soft drink, best served chilled.',
            'Nước ngọt có ga sảng khoái, ngon nhất khi uống lạnh.',
            '清爽的碳酸饮料，冰镇后饮用口感最佳。',
          ),
          sizes: [s(330, 'ml', 24, 179, 'can'), s(1.5, 'l', 6, 349)],
          variants: [
            v('Kóla ízű szénsavas üdítőital', 'Cola soft drink', 'Nước ngọt có ga vị cola', '可乐味汽水'),
            v('Narancs ízű szénsavas üdítőital', 'Orange soda', 'Nước ngọt có ga vị cam', '橙味汽水'),
            v(
              'Citrom-lime ízű szénsavas üdítőital',
              'Lemon-lime soda',
              'Nước ngọt có ga vị chanh',
              '柠檬青柠味汽水',
            ),
            v('Gyömbéres szénsavas üdítőital', 'Ginger ale', 'Nước gừng có ga', '姜汁汽水'),
          ],
        },
        {
          brands: ['Napfény'],
          vat: 27,
          shape: 'bottle',
          seasonal: true,
          about: t(
            'Nyári kedvenc: valódi tealevélből főzött, gyümölcsös jeges tea.',
            'A summer favourite: fruity iced tea brewed from real tea leaves.',
            'Món khoái mùa hè: trà đá vị trái cây pha từ lá trà thật.',
            '夏季热销：以真正茶叶冲泡的果味冰茶。',
          ),
          sizes: [s(1.5, 'l', 6, 329)],
          variants: [
            v('Jeges tea, citrom', 'Iced tea, lemon', 'Trà đá vị chanh', '柠檬冰茶'),
            v('Jeges tea, őszibarack', 'Iced tea, peach', 'Trà đá vị đào', '蜜桃冰茶'),
          ],
        },
      ]),
      sub('gyumolcslevek', t('Gyümölcslevek', 'Fruit juices', 'Nước ép trái cây', '果汁'), [
        {
          brands: ['Gyümölcskert'],
          vat: 27,
          shape: 'carton',
          about: t(
            'Érett gyümölcsökből készült ital, tartósítószer nélkül.',
            'Made from ripe fruit, without preservatives.',
            'Làm từ trái cây chín, không chất bảo quản.',
            '采用成熟水果制成，不含防腐剂。',
          ),
          sizes: [s(0.2, 'l', 27, 129), s(1, 'l', 12, 449)],
          variants: [
            v('Almalé 100%', 'Apple juice 100%', 'Nước ép táo 100%', '100%苹果汁'),
            v('Narancslé 100%', 'Orange juice 100%', 'Nước ép cam 100%', '100%橙汁', { factor: 1.1 }),
            v(
              'Multivitamin gyümölcsital',
              'Multivitamin fruit drink',
              'Nước trái cây đa vitamin',
              '多维果汁饮料',
              {
                factor: 0.8,
              },
            ),
            v('Őszibarack-nektár', 'Peach nectar', 'Nước ép đào', '桃汁饮料', { factor: 0.9 }),
            v('Meggynektár', 'Sour cherry nectar', 'Nước ép anh đào chua', '酸樱桃汁饮料', { factor: 0.95 }),
          ],
        },
        {
          brands: ['Hoa Mai'],
          vat: 27,
          shape: 'can',
          about: t(
            'Trópusi ital Vietnamból, jéggel kínálva igazán frissítő.',
            'A tropical drink from Vietnam, really refreshing served over ice.',
            'Thức uống nhiệt đới từ Việt Nam, uống với đá rất sảng khoái.',
            '来自越南的热带饮品，加冰饮用格外清爽。',
          ),
          sizes: [s(330, 'ml', 24, 299)],
          variants: [
            v('Kókuszvíz', 'Coconut water', 'Nước dừa tươi', '椰子水'),
            v('Aloe vera ital', 'Aloe vera drink', 'Nước nha đam', '芦荟饮料'),
            v('Licsi ital', 'Lychee drink', 'Nước vải', '荔枝饮料'),
          ],
        },
      ]),
      sub('energiaitalok', t('Energiaitalok', 'Energy drinks', 'Nước tăng lực', '能量饮料'), [
        {
          brands: ['Turbó'],
          vat: 27,
          shape: 'can',
          about: t(
            'Koffeint és taurint tartalmazó energiaital. Gyermekeknek, várandós nőknek nem ajánlott.',
            'Energy drink with caffeine and taurine. Not recommended for children or pregnant women.',
            'Nước tăng lực chứa caffeine và taurine. Không khuyến nghị cho trẻ em và phụ nữ mang thai.',
            '含咖啡因和牛磺酸的能量饮料。不建议儿童及孕妇饮用。',
          ),
          sizes: [s(250, 'ml', 24, 199), s(500, 'ml', 12, 329)],
          variants: [
            v('Energiaital', 'Energy drink', 'Nước tăng lực', '能量饮料'),
            v(
              'Energiaital, cukormentes',
              'Sugar-free energy drink',
              'Nước tăng lực không đường',
              '无糖能量饮料',
            ),
            v('Energiaital, mangó', 'Energy drink, mango', 'Nước tăng lực vị xoài', '芒果味能量饮料'),
            v(
              'Energiaital, görögdinnye',
              'Energy drink, watermelon',
              'Nước tăng lực vị dưa hấu',
              '西瓜味能量饮料',
            ),
          ],
        },
      ]),
    ],
  },
  {
    slug: 'kave-tea',
    names: t('Kávé és tea', 'Coffee and tea', 'Cà phê và trà', '咖啡和茶'),
    color: '#6d4c41',
    subs: [
      sub(
        'orolt-szemes-kave',
        t('Őrölt és szemes kávé', 'Ground and bean coffee', 'Cà phê xay và cà phê hạt', '咖啡粉和咖啡豆'),
        [
          {
            brands: ['Aranyszem'],
            vat: 27,
            shape: 'pack',
            about: t(
              'Gondosan pörkölt arabica és robusta keverék, gazdag aromával és krémes habbal.',
              'A carefully roasted arabica and robusta blend with a rich aroma and a creamy crema.',
              'Hỗn hợp arabica và robusta rang kỹ, hương thơm đậm đà và lớp bọt kem mịn.',
              '精心烘焙的阿拉比卡与罗布斯塔拼配，香气浓郁，油脂绵密。',
            ),
            sizes: [s(250, 'g', 12, 1290), s(1, 'kg', 6, 4590)],
            variants: [
              v('Kávé, őrölt', 'Ground coffee', 'Cà phê xay', '咖啡粉'),
              v('Kávé, szemes', 'Coffee beans', 'Cà phê hạt', '咖啡豆', { factor: 1.05 }),
              v(
                'Kávé, őrölt, koffeinmentes',
                'Decaffeinated ground coffee',
                'Cà phê xay không caffeine',
                '低因咖啡粉',
                {
                  factor: 1.15,
                },
              ),
              v('Kávé, őrölt, espresso', 'Espresso ground coffee', 'Cà phê xay espresso', '意式浓缩咖啡粉', {
                factor: 1.1,
              }),
            ],
          },
          {
            brands: ['Hoa Mai'],
            vat: 27,
            shape: 'bag',
            about: t(
              'Sötétre pörkölt vietnámi robusta, hagyományosan phin szűrővel és sűrített tejjel készítve.',
              'Dark-roasted Vietnamese robusta, traditionally brewed with a phin filter and condensed milk.',
              'Cà phê Robusta Việt Nam rang đậm, pha phin truyền thống với sữa đặc.',
              '深度烘焙的越南罗布斯塔咖啡，传统上用滴滤壶加炼乳冲泡。',
            ),
            sizes: [s(500, 'g', 20, 2190)],
            variants: [
              v(
                'Vietnámi robusta kávé, őrölt',
                'Vietnamese robusta ground coffee',
                'Cà phê Robusta xay',
                '越南罗布斯塔咖啡粉',
              ),
              v(
                'Vietnámi kávé phin szűrőhöz',
                'Vietnamese coffee for phin filter',
                'Cà phê pha phin',
                '越南滴滤咖啡',
                {
                  factor: 1.1,
                },
              ),
            ],
          },
        ],
      ),
      sub('instant-kave', t('Instant kávé', 'Instant coffee', 'Cà phê hòa tan', '速溶咖啡'), [
        {
          brands: ['Aranyszem', 'Hoa Mai'],
          vat: 27,
          shape: 'jar',
          about: t(
            'Pillanatok alatt elkészül: forró vízzel felöntve kész a kávé.',
            'Ready in moments: just add hot water.',
            'Pha trong tích tắc: chỉ cần thêm nước nóng.',
            '即冲即饮：只需加入热水。',
          ),
          sizes: [s(200, 'g', 12, 1990), s(500, 'g', 6, 4290, 'bag')],
          variants: [
            v('Instant kávé', 'Instant coffee', 'Cà phê hòa tan', '速溶咖啡'),
            v('Kávéspecialitás 3 az 1-ben', '3-in-1 coffee mix', 'Cà phê sữa 3 trong 1', '三合一咖啡', {
              factor: 0.6,
            }),
            v('Cappuccino italpor', 'Cappuccino powder', 'Bột cappuccino', '卡布奇诺粉', { factor: 0.75 }),
          ],
        },
      ]),
      sub('tea', t('Tea', 'Tea', 'Trà', '茶'), [
        {
          brands: ['Teaház'],
          vat: 27,
          shape: 'box',
          grams: 2,
          about: t(
            'Egyenként csomagolt filteres tea, gyors és egyszerű elkészítés.',
            'Individually wrapped tea bags, quick and easy to prepare.',
            'Trà túi lọc đóng gói riêng từng túi, pha nhanh và tiện lợi.',
            '独立包装茶包，冲泡快捷方便。',
          ),
          sizes: [s(20, 'bags', 12, 499), s(100, 'bags', 6, 1890)],
          variants: [
            v('Fekete tea, filteres', 'Black tea bags', 'Trà đen túi lọc', '红茶茶包'),
            v('Zöld tea, filteres', 'Green tea bags', 'Trà xanh túi lọc', '绿茶茶包'),
            v('Gyümölcstea, erdei gyümölcs', 'Forest fruit tea', 'Trà trái cây rừng', '森林水果茶'),
            v('Kamillatea', 'Chamomile tea', 'Trà hoa cúc La Mã', '洋甘菊茶', { factor: 0.9 }),
            v('Borsmentatea', 'Peppermint tea', 'Trà bạc hà', '薄荷茶', { factor: 0.9 }),
          ],
        },
        {
          brands: ['Jade Dragon'],
          vat: 27,
          shape: 'box',
          about: t(
            'Szálas tea Kína híres teavidékeiről, többször is felönthető.',
            'Loose-leaf tea from famous Chinese tea regions; can be steeped several times.',
            'Trà lá rời từ các vùng trà nổi tiếng của Trung Quốc, có thể pha nhiều lần.',
            '来自中国著名茶区的散装茶叶，可多次冲泡。',
          ),
          sizes: [s(100, 'g', 20, 1490)],
          variants: [
            v('Zöld tea, jázmin', 'Jasmine green tea', 'Trà xanh hoa nhài', '茉莉花茶'),
            v('Oolong tea', 'Oolong tea', 'Trà ô long', '乌龙茶', { factor: 1.3 }),
            v('Pu-erh tea', 'Pu-erh tea', 'Trà Phổ Nhĩ', '普洱茶', { factor: 1.5 }),
          ],
        },
      ]),
    ],
  },
  {
    slug: 'alapveto-elelmiszerek',
    names: t('Alapvető élelmiszerek', 'Staple foods', 'Thực phẩm thiết yếu', '基本食品'),
    color: '#ef8f00',
    subs: [
      sub(
        'liszt-cukor',
        t('Liszt, cukor, só', 'Flour, sugar and salt', 'Bột mì, đường và muối', '面粉、糖和盐'),
        [
          {
            brands: ['Alföldi Malom'],
            vat: 27,
            shape: 'bag',
            about: t(
              'Alföldi búzából őrölt liszt háztartási és ipari sütéshez.',
              'Flour milled from Great Plain wheat for home and professional baking.',
              'Bột mì xay từ lúa mì vùng Đại Bình nguyên, dùng cho gia đình và tiệm bánh.',
              '以匈牙利大平原小麦磨制的面粉，适合家庭及专业烘焙。',
            ),
            sizes: [s(1, 'kg', 10, 329), s(5, 'kg', 4, 1490, 'sack')],
            variants: [
              v('Búzafinomliszt BL55', 'Plain wheat flour BL55', 'Bột mì đa dụng BL55', '小麦精粉 BL55'),
              v('Rétesliszt', 'Strudel flour', 'Bột mì làm bánh strudel', '高筋面粉', { factor: 1.1 }),
              v('Teljes kiőrlésű búzaliszt', 'Wholemeal wheat flour', 'Bột mì nguyên cám', '全麦面粉', {
                factor: 1.3,
              }),
            ],
          },
          {
            brands: ['Tiszamenti'],
            vat: 27,
            shape: 'bag',
            about: t(
              'Hazai termelésű, finomított termék a mindennapi konyhához.',
              'A refined, Hungarian-made product for the everyday kitchen.',
              'Sản phẩm tinh luyện sản xuất tại Hungary cho căn bếp hằng ngày.',
              '匈牙利本地生产的精制产品，适合日常烹饪。',
            ),
            sizes: [s(1, 'kg', 10, 399)],
            variants: [
              v('Kristálycukor', 'Granulated sugar', 'Đường cát trắng', '白砂糖'),
              v('Porcukor', 'Icing sugar', 'Đường bột', '糖粉', { factor: 1.2 }),
              v('Barna nádcukor', 'Brown cane sugar', 'Đường mía nâu', '红糖', { factor: 1.8 }),
              v('Asztali só, jódozott', 'Iodised table salt', 'Muối i-ốt', '加碘食盐', { factor: 0.45 }),
            ],
          },
        ],
      ),
      sub('etolaj-ecet', t('Étolaj és ecet', 'Cooking oil and vinegar', 'Dầu ăn và giấm', '食用油和醋'), [
        {
          brands: ['Aranymező'],
          vat: 27,
          shape: 'bottle',
          about: t(
            'Sütéshez, főzéshez és salátákhoz egyaránt kiváló olaj.',
            'An oil equally good for frying, cooking and salads.',
            'Dầu ăn thích hợp để chiên, nấu và trộn salad.',
            '煎炒烹炸和凉拌沙拉皆宜的食用油。',
          ),
          sizes: [s(1, 'l', 12, 799), s(5, 'l', 4, 3690, 'canister')],
          variants: [
            v('Napraforgó étolaj', 'Sunflower oil', 'Dầu hướng dương', '葵花籽油'),
            v('Repceolaj', 'Rapeseed oil', 'Dầu hạt cải', '菜籽油', { factor: 1.05 }),
            v('Földimogyoró-olaj', 'Peanut oil', 'Dầu đậu phộng', '花生油', { factor: 1.9 }),
          ],
        },
        {
          brands: ['Aranymező'],
          vat: 27,
          shape: 'bottle',
          about: t(
            'Savanyításhoz, salátaöntetekhez és mártásokhoz.',
            'For pickling, salad dressings and sauces.',
            'Dùng để muối chua, làm nước sốt salad và nước chấm.',
            '适用于腌渍、沙拉酱汁和调味汁。',
          ),
          sizes: [s(1, 'l', 12, 249)],
          variants: [
            v('Ecet 10%', 'Vinegar 10%', 'Giấm 10%', '白醋 10%'),
            v('Almaecet', 'Apple cider vinegar', 'Giấm táo', '苹果醋', { factor: 1.8 }),
            v('Balzsamecet', 'Balsamic vinegar', 'Giấm balsamic', '意大利香醋', { factor: 4 }),
          ],
        },
      ]),
      sub('szarazteszta', t('Száraztészta', 'Pasta', 'Mì ống và nui', '意大利面'), [
        {
          brands: ['Nagyi Konyhája'],
          vat: 27,
          shape: 'pack',
          about: t(
            'Durumbúzából vagy friss tojással készült tészta, főzési ideje 8-10 perc.',
            'Pasta made from durum wheat or with fresh eggs; cooks in 8-10 minutes.',
            'Mì làm từ lúa mì cứng hoặc trứng tươi, thời gian nấu 8-10 phút.',
            '以硬粒小麦或新鲜鸡蛋制成的面食，煮制时间8-10分钟。',
          ),
          sizes: [s(500, 'g', 20, 399), s(1, 'kg', 10, 749)],
          variants: [
            v('Spagetti', 'Spaghetti', 'Mì Ý spaghetti', '意大利细面'),
            v('Penne tészta', 'Penne pasta', 'Nui ống penne', '通心粉'),
            v('Orsótészta', 'Fusilli pasta', 'Nui xoắn', '螺旋面'),
            v('Cérnametélt, 8 tojásos', 'Vermicelli, 8 eggs', 'Mì sợi nhỏ 8 trứng', '八蛋细面', {
              factor: 1.2,
            }),
            v('Kagylótészta', 'Shell pasta', 'Nui vỏ sò', '贝壳面'),
          ],
        },
      ]),
      sub('konzervek', t('Konzervek', 'Canned food', 'Đồ hộp', '罐头食品'), [
        {
          brands: ['Pannon Konzerv'],
          vat: 27,
          shape: 'can',
          about: t(
            'Zsenge zöldség, szedés után azonnal konzerválva.',
            'Tender vegetables canned straight after harvest.',
            'Rau củ non được đóng hộp ngay sau khi thu hoạch.',
            '采摘后立即装罐的鲜嫩蔬菜。',
          ),
          sizes: [s(400, 'g', 12, 349)],
          variants: [
            v('Csemegekukorica', 'Sweet corn', 'Ngô ngọt đóng hộp', '甜玉米罐头'),
            v('Zöldborsó', 'Green peas', 'Đậu Hà Lan đóng hộp', '青豆罐头'),
            v('Vörösbab', 'Red kidney beans', 'Đậu đỏ đóng hộp', '红芸豆罐头', { factor: 0.9 }),
            v('Csicseriborsó', 'Chickpeas', 'Đậu gà đóng hộp', '鹰嘴豆罐头', { factor: 0.95 }),
            v('Hámozott paradicsom', 'Peeled tomatoes', 'Cà chua bóc vỏ đóng hộp', '去皮番茄罐头'),
            v('Sűrített paradicsom', 'Tomato purée', 'Cà chua cô đặc', '番茄浓缩酱', { factor: 1.1 }),
          ],
        },
        {
          brands: ['Pannon Konzerv'],
          vat: 27,
          shape: 'can',
          about: t(
            'Tartós, gyorsan tálalható konzerv szendvicsekhez és salátákhoz.',
            'A long-life can, quick to serve in sandwiches and salads.',
            'Đồ hộp bảo quản lâu, dùng nhanh cho bánh mì và salad.',
            '保质期长的罐头，可快速用于三明治和沙拉。',
          ),
          sizes: [s(160, 'g', 24, 699)],
          variants: [
            v('Tonhaldarabok növényi olajban', 'Tuna chunks in oil', 'Cá ngừ ngâm dầu', '油浸金枪鱼块'),
            v('Szardínia olajban', 'Sardines in oil', 'Cá mòi ngâm dầu', '油浸沙丁鱼', { factor: 0.7 }),
            v('Sertésmájkrém', 'Pork liver pâté', 'Pa tê gan heo', '猪肝酱', { factor: 0.5 }),
          ],
        },
      ]),
    ],
  },
  {
    slug: 'azsiai-elelmiszerek',
    names: t('Ázsiai élelmiszerek', 'Asian foods', 'Thực phẩm châu Á', '亚洲食品'),
    color: '#c62828',
    subs: [
      sub('rizs', t('Rizs és rizsliszt', 'Rice and rice flour', 'Gạo và bột gạo', '大米和米粉'), [
        {
          brands: ['Golden Lotus', 'Mekong Delta Foods'],
          vat: 27,
          shape: 'bag',
          about: t(
            'Válogatott szemű rizs Délkelet-Ázsiából, főzve illatos és puha.',
            'Selected grain rice from South-East Asia, fragrant and soft when cooked.',
            'Gạo hạt chọn lọc từ Đông Nam Á, nấu lên thơm và dẻo.',
            '精选东南亚大米，煮熟后香软可口。',
          ),
          sizes: [s(1, 'kg', 10, 899), s(5, 'kg', 4, 3990, 'sack'), s(10, 'kg', 2, 7490, 'sack')],
          variants: [
            v('Jázminrizs', 'Jasmine rice', 'Gạo thơm lài', '茉莉香米'),
            v('Ragacsos rizs', 'Glutinous rice', 'Gạo nếp', '糯米', { factor: 1.1 }),
          ],
        },
        {
          brands: ['Golden Lotus', 'Mekong Delta Foods'],
          vat: 27,
          shape: 'bag',
          about: t(
            'Ázsiai konyhák alapanyaga, egyenletes minőségben.',
            'A staple of Asian kitchens in consistent quality.',
            'Nguyên liệu cơ bản của ẩm thực châu Á, chất lượng đồng đều.',
            '亚洲厨房的基本食材，品质稳定。',
          ),
          sizes: [s(1, 'kg', 10, 999)],
          variants: [
            v('Basmati rizs', 'Basmati rice', 'Gạo Basmati', '印度香米', { factor: 1.2 }),
            v('Sushi rizs', 'Sushi rice', 'Gạo làm sushi', '寿司米', { factor: 1.3 }),
            v('Barna rizs', 'Brown rice', 'Gạo lứt', '糙米'),
            v('Rizsliszt', 'Rice flour', 'Bột gạo', '粘米粉', { factor: 0.7 }),
            v('Ragacsos rizsliszt', 'Glutinous rice flour', 'Bột nếp', '糯米粉', { factor: 0.8 }),
          ],
        },
      ]),
      sub(
        'teszta-instant-leves',
        t(
          'Tészták és instant levesek',
          'Noodles and instant soups',
          'Mì, bún, phở và mì ăn liền',
          '面条和方便面',
        ),
        [
          {
            brands: ['Saigon Kitchen', 'Hoa Mai'],
            vat: 27,
            shape: 'pack',
            about: t(
              'Szárított tészta levesekhez és wokban sült ételekhez; beáztatás után pár perc alatt elkészül.',
              'Dried noodles for soups and stir-fries; ready in a few minutes after soaking.',
              'Sợi khô dùng nấu canh và xào; ngâm nước rồi nấu vài phút là chín.',
              '适合煮汤和炒制的干面条，浸泡后几分钟即可煮熟。',
            ),
            sizes: [s(200, 'g', 40, 329), s(400, 'g', 30, 549)],
            variants: [
              v('Phở rizstészta', 'Phở rice noodles', 'Bánh phở khô', '越南河粉'),
              v('Bún rizsvermicelli', 'Bún rice vermicelli', 'Bún khô', '越南米线'),
              v('Üvegtészta', 'Glass noodles', 'Miến dong', '粉丝', { factor: 1.2 }),
              v('Tojásos tészta', 'Egg noodles', 'Mì trứng', '鸡蛋面'),
              v('Udon tészta', 'Udon noodles', 'Mì udon', '乌冬面', { factor: 1.3 }),
            ],
          },
          {
            brands: ['Saigon Kitchen', 'Hoa Mai'],
            vat: 27,
            shape: 'pack',
            about: t(
              'Instant tésztaleves ízesítővel: forró vízzel felöntve 3 perc alatt kész.',
              'Instant noodle soup with seasoning: pour on hot water and it is ready in 3 minutes.',
              'Mì ăn liền kèm gói gia vị: chế nước sôi, 3 phút là ăn được.',
              '附调料包的方便面：冲入热水3分钟即可食用。',
            ),
            sizes: [s(75, 'g', 30, 169)],
            variants: [
              v(
                'Instant tésztaleves, marhahús ízű (Phở bò)',
                'Instant noodle soup, beef (Phở bò)',
                'Phở bò ăn liền',
                '越南牛肉河粉（方便装）',
                { factor: 1.3 },
              ),
              v(
                'Instant tésztaleves, csirke ízű',
                'Instant noodle soup, chicken',
                'Mì ăn liền vị gà',
                '鸡肉味方便面',
              ),
              v(
                'Instant tésztaleves, tom yum',
                'Instant noodle soup, tom yum',
                'Mì ăn liền vị tôm chua cay',
                '冬阴功方便面',
              ),
              v(
                'Instant tésztaleves, kacsa ízű',
                'Instant noodle soup, duck',
                'Mì ăn liền vị vịt',
                '鸭肉味方便面',
              ),
              v(
                'Instant tésztaleves, garnélarák ízű',
                'Instant noodle soup, shrimp',
                'Mì ăn liền vị tôm',
                '鲜虾味方便面',
              ),
              v(
                'Instant tésztaleves, csípős kimchi',
                'Instant noodle soup, spicy kimchi',
                'Mì ăn liền vị kim chi cay',
                '辣白菜方便面',
              ),
              v(
                'Instant rizskása, csirkés',
                'Instant rice porridge, chicken',
                'Cháo ăn liền vị gà',
                '鸡肉味即食粥',
              ),
            ],
          },
        ],
      ),
      sub('szoszok', t('Szószok', 'Sauces', 'Nước chấm và nước sốt', '酱料'), [
        {
          brands: ['Lucky Bamboo', 'Jade Dragon', 'Saigon Kitchen'],
          vat: 27,
          shape: 'bottle',
          about: t(
            'Az ázsiai konyha alapízesítője marinádokhoz, mártogatáshoz és wokételekhez.',
            'A basic seasoning of Asian cooking for marinades, dipping and stir-fries.',
            'Gia vị cơ bản của ẩm thực châu Á, dùng để ướp, chấm và xào.',
            '亚洲烹饪的基础调味料，适用于腌制、蘸食和炒菜。',
          ),
          sizes: [s(250, 'ml', 12, 599), s(700, 'ml', 12, 1290)],
          variants: [
            v('Szójaszósz, világos', 'Light soy sauce', 'Nước tương nhạt', '生抽'),
            v('Szójaszósz, sötét', 'Dark soy sauce', 'Nước tương đậm', '老抽'),
            v('Halszósz', 'Fish sauce', 'Nước mắm', '鱼露', { factor: 1.1 }),
            v('Osztrigaszósz', 'Oyster sauce', 'Dầu hào', '蚝油', { factor: 1.2 }),
            v('Hoisin szósz', 'Hoisin sauce', 'Tương hoisin', '海鲜酱', { factor: 1.2 }),
            v('Sriracha chiliszósz', 'Sriracha chilli sauce', 'Tương ớt Sriracha', '是拉差辣椒酱', {
              factor: 1.15,
            }),
            v('Édes chiliszósz', 'Sweet chilli sauce', 'Tương ớt ngọt', '甜辣酱'),
            v('Szecsuáni chiliolaj', 'Sichuan chilli oil', 'Dầu ớt Tứ Xuyên', '四川辣椒油', { factor: 1.3 }),
            v('Pirított szezámolaj', 'Toasted sesame oil', 'Dầu mè rang', '芝麻香油', { factor: 1.6 }),
          ],
        },
      ]),
      sub('fuszerek', t('Fűszerek', 'Spices', 'Gia vị', '调料'), [
        {
          brands: ['Fűszerkert', 'Jade Dragon'],
          vat: 27,
          shape: 'bag',
          about: t(
            'Gondosan válogatott, aromazáró csomagolású fűszer.',
            'A carefully selected spice in aroma-tight packaging.',
            'Gia vị được tuyển chọn kỹ, đóng gói giữ trọn hương thơm.',
            '精心挑选的香料，锁香包装。',
          ),
          sizes: [s(50, 'g', 20, 399), s(500, 'g', 10, 2990)],
          variants: [
            v('Csillagánizs', 'Star anise', 'Hoa hồi', '八角', { factor: 1.3 }),
            v('Ötfűszer-keverék', 'Five-spice powder', 'Bột ngũ vị hương', '五香粉'),
            v('Szecsuáni bors', 'Sichuan pepper', 'Tiêu Tứ Xuyên', '花椒', { factor: 1.4 }),
            v('Fahéj, egész', 'Cinnamon sticks', 'Quế cây', '桂皮'),
            v('Pirospaprika, édes', 'Sweet paprika', 'Ớt bột ngọt', '甜红椒粉'),
            v('Fekete bors, őrölt', 'Ground black pepper', 'Tiêu đen xay', '黑胡椒粉', { factor: 1.2 }),
            v('Nátrium-glutamát', 'Monosodium glutamate', 'Bột ngọt', '味精', { factor: 0.5 }),
          ],
        },
      ]),
      sub(
        'konzervek-kokusztej',
        t(
          'Kókusztej és ázsiai konzervek',
          'Coconut milk and Asian canned food',
          'Nước cốt dừa và đồ hộp châu Á',
          '椰浆和亚洲罐头',
        ),
        [
          {
            brands: ['Hoa Mai', 'Mekong Delta Foods'],
            vat: 27,
            shape: 'can',
            about: t(
              'Krémes kókusztermék currykhez, levesekhez és desszertekhez.',
              'A creamy coconut product for curries, soups and desserts.',
              'Sản phẩm từ dừa béo ngậy cho món cà ri, canh và chè.',
              '香浓椰子制品，适用于咖喱、汤品和甜品。',
            ),
            sizes: [s(165, 'ml', 48, 299), s(400, 'ml', 24, 599)],
            variants: [
              v('Kókusztej', 'Coconut milk', 'Nước cốt dừa', '椰奶'),
              v('Kókuszkrém', 'Coconut cream', 'Kem dừa', '椰浆', { factor: 1.2 }),
            ],
          },
          {
            brands: ['Hoa Mai', 'Mekong Delta Foods'],
            vat: 27,
            shape: 'can',
            about: t(
              'Felbontás után azonnal felhasználható ázsiai konzerv.',
              'Asian canned food, ready to use as soon as it is opened.',
              'Đồ hộp châu Á, mở nắp là dùng được ngay.',
              '开罐即可使用的亚洲罐头。',
            ),
            sizes: [s(565, 'g', 24, 599)],
            variants: [
              v('Bambuszrügy, szeletelt', 'Sliced bamboo shoots', 'Măng thái lát', '竹笋片'),
              v('Vízigesztenye', 'Water chestnuts', 'Củ năng', '马蹄', { factor: 1.1 }),
              v('Licsi szirupban', 'Lychees in syrup', 'Vải ngâm nước đường', '糖水荔枝', { factor: 1.3 }),
              v('Jackfruit szirupban', 'Jackfruit in syrup', 'Mít ngâm nước đường', '糖水菠萝蜜', {
                factor: 1.3,
              }),
            ],
          },
        ],
      ),
    ],
  },
  {
    slug: 'edessegek-snackek',
    names: t('Édességek és snackek', 'Sweets and snacks', 'Bánh kẹo và đồ ăn vặt', '糖果和零食'),
    color: '#ad1457',
    subs: [
      sub('csokolade', t('Csokoládé', 'Chocolate', 'Sô-cô-la', '巧克力'), [
        {
          brands: ['Csokoládéház'],
          vat: 27,
          shape: 'pack',
          about: t(
            'Válogatott kakaóbabból készült táblás csokoládé.',
            'Chocolate bar made from selected cocoa beans.',
            'Sô-cô-la thanh làm từ hạt ca cao chọn lọc.',
            '精选可可豆制成的巧克力排块。',
          ),
          sizes: [s(100, 'g', 20, 549)],
          variants: [
            v('Tejcsokoládé', 'Milk chocolate', 'Sô-cô-la sữa', '牛奶巧克力'),
            v('Étcsokoládé 70%', 'Dark chocolate 70%', 'Sô-cô-la đen 70%', '70%黑巧克力', { factor: 1.1 }),
            v(
              'Mogyorós tejcsokoládé',
              'Milk chocolate with hazelnuts',
              'Sô-cô-la sữa hạt phỉ',
              '榛子牛奶巧克力',
              {
                factor: 1.1,
              },
            ),
            v('Fehércsokoládé', 'White chocolate', 'Sô-cô-la trắng', '白巧克力'),
          ],
        },
        {
          brands: ['Csokoládéház'],
          vat: 27,
          shape: 'box',
          seasonal: true,
          about: t(
            'Ünnepi édesség, csak a szezonban kapható.',
            'A festive treat, available in season only.',
            'Bánh kẹo dịp lễ, chỉ có theo mùa.',
            '节日甜点，仅在季节内供应。',
          ),
          sizes: [s(350, 'g', 12, 1990)],
          variants: [
            v(
              'Szaloncukor, zselés',
              'Szaloncukor Christmas sweets, jelly',
              'Kẹo Giáng sinh Szaloncukor nhân thạch',
              '匈牙利圣诞糖（果冻味）',
            ),
            v(
              'Szaloncukor, marcipános',
              'Szaloncukor Christmas sweets, marzipan',
              'Kẹo Giáng sinh Szaloncukor nhân hạnh nhân',
              '匈牙利圣诞糖（杏仁糖味）',
              {
                factor: 1.1,
              },
            ),
            v(
              'Csokoládé adventi naptár',
              'Chocolate advent calendar',
              'Lịch Mùa Vọng sô-cô-la',
              '巧克力圣诞倒数日历',
              {
                factor: 0.9,
              },
            ),
            v('Csokoládé nyuszi', 'Chocolate Easter bunny', 'Thỏ sô-cô-la Phục sinh', '复活节巧克力兔', {
              factor: 0.6,
            }),
          ],
        },
      ]),
      sub('keksz-ostya', t('Keksz és ostya', 'Biscuits and wafers', 'Bánh quy và bánh xốp', '饼干和威化'), [
        {
          brands: ['Ropogós', 'Csokoládéház'],
          vat: 27,
          shape: 'pack',
          about: t(
            'Ropogós édes aprósütemény kávé és tea mellé.',
            'Crunchy sweet biscuits to go with coffee and tea.',
            'Bánh ngọt giòn rụm, dùng kèm cà phê và trà.',
            '香脆甜饼干，适合搭配咖啡和茶。',
          ),
          sizes: [s(200, 'g', 24, 399), s(500, 'g', 12, 899)],
          variants: [
            v('Háztartási keksz', 'Rich tea biscuits', 'Bánh quy gia đình', '家庭装饼干', { factor: 0.7 }),
            v('Kakaós ostya', 'Cocoa wafers', 'Bánh xốp ca cao', '可可威化'),
            v('Vajas keksz', 'Butter cookies', 'Bánh quy bơ', '黄油曲奇', { factor: 1.2 }),
            v('Zabkeksz', 'Oat biscuits', 'Bánh quy yến mạch', '燕麦饼干'),
            v('Mogyorókrémes ostya', 'Hazelnut cream wafers', 'Bánh xốp kem hạt phỉ', '榛子奶油威化', {
              factor: 1.1,
            }),
          ],
        },
        {
          brands: ['Jade Dragon'],
          vat: 27,
          shape: 'box',
          seasonal: true,
          grams: 180,
          about: t(
            'Hagyományos holdsütemény az őszközépi ünnepre, díszdobozban.',
            'Traditional mooncakes for the Mid-Autumn Festival in a gift box.',
            'Bánh trung thu truyền thống cho dịp Tết Trung thu, hộp quà sang trọng.',
            '中秋节传统月饼，精美礼盒装。',
          ),
          sizes: [s(4, 'pcs', 12, 2490)],
          variants: [
            v(
              'Holdsütemény, lótuszmagkrémes',
              'Mooncake, lotus seed paste',
              'Bánh trung thu nhân hạt sen',
              '莲蓉月饼',
            ),
            v(
              'Holdsütemény, vörösbabos',
              'Mooncake, red bean paste',
              'Bánh trung thu nhân đậu đỏ',
              '豆沙月饼',
              {
                factor: 0.9,
              },
            ),
          ],
        },
      ]),
      sub(
        'chips-ragcsalnivalo',
        t('Chips és rágcsálnivaló', 'Crisps and snacks', 'Khoai tây chiên và đồ ăn vặt', '薯片和零食'),
        [
          {
            brands: ['Ropogós'],
            vat: 27,
            shape: 'bag',
            about: t(
              'Ropogós rágcsálnivaló baráti összejövetelekre és útra.',
              'A crunchy snack for parties and for the road.',
              'Món ăn vặt giòn tan cho những buổi họp mặt và chuyến đi.',
              '香脆零食，适合聚会和旅途。',
            ),
            sizes: [s(70, 'g', 24, 349), s(150, 'g', 14, 599)],
            variants: [
              v('Burgonyachips, sós', 'Salted potato crisps', 'Khoai tây chiên vị muối', '原味薯片'),
              v(
                'Burgonyachips, paprikás',
                'Paprika potato crisps',
                'Khoai tây chiên vị ớt bột',
                '红椒味薯片',
              ),
              v(
                'Burgonyachips, tejfölös-hagymás',
                'Sour cream and onion crisps',
                'Khoai tây chiên vị kem chua hành',
                '酸奶油洋葱味薯片',
              ),
              v('Sós földimogyoró', 'Salted peanuts', 'Đậu phộng rang muối', '咸花生', { factor: 0.9 }),
              v('Perec', 'Pretzels', 'Bánh quy xoắn', '椒盐脆饼', { factor: 0.8 }),
              v('Garnélarák-chips', 'Prawn crackers', 'Bánh phồng tôm', '虾片'),
            ],
          },
        ],
      ),
      sub('cukorka', t('Cukorka', 'Candy', 'Kẹo', '糖果'), [
        {
          brands: ['Cukorkaház'],
          vat: 27,
          shape: 'bag',
          about: t(
            'Egyenként csomagolt cukorka, kasszák mellé is ideális.',
            'Individually wrapped sweets, ideal next to the till.',
            'Kẹo gói riêng từng viên, lý tưởng để bày cạnh quầy thu ngân.',
            '独立包装糖果，非常适合摆放在收银台旁。',
          ),
          sizes: [s(100, 'g', 24, 299), s(1, 'kg', 6, 2490)],
          variants: [
            v('Gyümölcsös cukorka', 'Fruit drops', 'Kẹo trái cây', '水果糖'),
            v('Mentolos cukorka', 'Mint candies', 'Kẹo bạc hà', '薄荷糖'),
            v('Gumicukor', 'Fruit gums', 'Kẹo dẻo', '软糖', { factor: 1.1 }),
            v('Tejkaramella', 'Milk caramels', 'Kẹo sữa', '牛奶糖', { factor: 1.2 }),
            v('Gyömbéres cukorka', 'Ginger candies', 'Kẹo gừng', '姜糖'),
          ],
        },
      ]),
    ],
  },
  {
    slug: 'tejtermekek',
    names: t('Tejtermékek', 'Dairy', 'Sản phẩm từ sữa', '乳制品'),
    color: '#3949ab',
    subs: [
      sub(
        'tartos-tej',
        t(
          'Tartós tej és tejitalok',
          'UHT milk and milk drinks',
          'Sữa tiệt trùng và đồ uống từ sữa',
          '常温奶和乳饮料',
        ),
        [
          {
            brands: ['Tejút'],
            vat: 5,
            shape: 'carton',
            about: t(
              'Magyar tehéntej, ultramagas hőmérsékleten hőkezelve, hűtés nélkül is hónapokig eláll.',
              'Hungarian cow milk, UHT-treated, keeps for months without refrigeration.',
              'Sữa bò Hungary tiệt trùng UHT, bảo quản nhiều tháng không cần tủ lạnh.',
              '匈牙利牛奶，经超高温灭菌处理，无需冷藏可保存数月。',
            ),
            sizes: [s(1, 'l', 12, 389)],
            variants: [
              v('Tartós tej 1,5%', 'UHT milk 1.5%', 'Sữa tiệt trùng 1,5%', '常温牛奶 1.5%'),
              v('Tartós tej 2,8%', 'UHT milk 2.8%', 'Sữa tiệt trùng 2,8%', '常温牛奶 2.8%', { factor: 1.05 }),
              v(
                'Tartós tej 3,5%',
                'UHT whole milk 3.5%',
                'Sữa tiệt trùng nguyên kem 3,5%',
                '常温全脂牛奶 3.5%',
                { factor: 1.1 },
              ),
              v(
                'Laktózmentes tartós tej 1,5%',
                'Lactose-free UHT milk 1.5%',
                'Sữa tiệt trùng không lactose 1,5%',
                '无乳糖常温牛奶 1.5%',
                {
                  factor: 1.3,
                },
              ),
            ],
          },
          {
            brands: ['Tejút'],
            vat: 18,
            shape: 'bottle',
            about: t(
              'Krémes tejital kakaóval, hidegen és melegen is finom.',
              'A creamy milk drink with cocoa, good cold or hot.',
              'Thức uống sữa ca cao béo ngậy, uống nóng hay lạnh đều ngon.',
              '香浓可可牛奶饮料，冷热皆宜。',
            ),
            sizes: [s(0.5, 'l', 12, 349)],
            variants: [v('Kakaós tejital', 'Cocoa milk drink', 'Sữa ca cao', '可可牛奶')],
          },
          {
            brands: ['Hoa Mai'],
            vat: 18,
            shape: 'can',
            about: t(
              'Édesített sűrített tej, a vietnámi jeges kávé (cà phê sữa đá) nélkülözhetetlen kelléke.',
              'Sweetened condensed milk, essential for Vietnamese iced coffee (cà phê sữa đá).',
              'Sữa đặc có đường, không thể thiếu cho ly cà phê sữa đá.',
              '甜炼乳，越南冰咖啡必不可少的配料。',
            ),
            sizes: [s(397, 'g', 48, 649)],
            variants: [v('Édesített sűrített tej', 'Sweetened condensed milk', 'Sữa đặc có đường', '甜炼乳')],
          },
        ],
      ),
      sub('sajt', t('Sajt', 'Cheese', 'Phô mai', '奶酪'), [
        {
          brands: ['Tejút'],
          vat: 18,
          shape: 'pack',
          about: t(
            'Félkemény sajt hazai tejből, szeletelve és egészben is kapható. Hűtve tárolandó.',
            'Semi-hard cheese from Hungarian milk, sold sliced or whole. Keep refrigerated.',
            'Phô mai bán cứng từ sữa Hungary, có loại cắt lát và nguyên khối. Bảo quản lạnh.',
            '以匈牙利牛奶制成的半硬质奶酪，有切片和整块装。需冷藏。',
          ),
          sizes: [s(250, 'g', 12, 1290), s(1, 'kg', 4, 4790)],
          variants: [
            v('Trappista sajt', 'Trappist cheese', 'Phô mai Trappista', '特拉普派奶酪'),
            v('Füstölt sajt', 'Smoked cheese', 'Phô mai xông khói', '烟熏奶酪', { factor: 1.05 }),
            v('Edami sajt', 'Edam cheese', 'Phô mai Edam', '伊丹奶酪'),
            v('Mozzarella', 'Mozzarella', 'Phô mai Mozzarella', '马苏里拉奶酪', { factor: 1.1 }),
          ],
        },
        {
          brands: ['Tejút'],
          vat: 18,
          shape: 'box',
          about: t(
            'Kenhető ömlesztett sajt cikkekben, szendvicsekhez. Hűtve tárolandó.',
            'Spreadable processed cheese in wedges, for sandwiches. Keep refrigerated.',
            'Phô mai chảy dạng miếng tam giác, dùng phết bánh mì. Bảo quản lạnh.',
            '三角块装可涂抹再制奶酪，适合三明治。需冷藏。',
          ),
          sizes: [s(140, 'g', 16, 549)],
          variants: [
            v(
              'Ömlesztett sajt, natúr',
              'Processed cheese, plain',
              'Phô mai chảy vị tự nhiên',
              '原味再制奶酪',
            ),
            v(
              'Ömlesztett sajt, sonkás',
              'Processed cheese, ham',
              'Phô mai chảy vị giăm bông',
              '火腿味再制奶酪',
            ),
          ],
        },
      ]),
      sub(
        'vaj-tejfol-joghurt',
        t(
          'Vaj, tejföl, joghurt',
          'Butter, sour cream, yoghurt',
          'Bơ, kem chua, sữa chua',
          '黄油、酸奶油和酸奶',
        ),
        [
          {
            brands: ['Tejút'],
            vat: 18,
            shape: 'pack',
            about: t(
              'Friss tejszínből köpült vaj. Hűtve tárolandó.',
              'Butter churned from fresh cream. Keep refrigerated.',
              'Bơ đánh từ kem sữa tươi. Bảo quản lạnh.',
              '以新鲜奶油搅制的黄油。需冷藏。',
            ),
            sizes: [s(250, 'g', 20, 999)],
            variants: [
              v('Teavaj 82%', 'Butter 82%', 'Bơ lạt 82%', '黄油 82%'),
              v('Sós vaj', 'Salted butter', 'Bơ mặn', '咸黄油', { factor: 1.05 }),
            ],
          },
          {
            brands: ['Tejút'],
            vat: 18,
            shape: 'tub',
            about: t(
              'Élőflórás savanyított tejtermék. Hűtve tárolandó.',
              'A cultured dairy product with live cultures. Keep refrigerated.',
              'Sản phẩm sữa lên men có men sống. Bảo quản lạnh.',
              '含活性菌的发酵乳制品。需冷藏。',
            ),
            sizes: [s(330, 'g', 12, 499)],
            variants: [
              v('Tejföl 20%', 'Sour cream 20%', 'Kem chua 20%', '酸奶油 20%'),
              v('Natúr joghurt', 'Plain yoghurt', 'Sữa chua không đường', '原味酸奶', { factor: 0.8 }),
              v('Kefir', 'Kefir', 'Sữa chua uống kefir', '开菲尔酸奶', { factor: 0.85 }),
            ],
          },
        ],
      ),
    ],
  },
  {
    slug: 'fagyasztott-termekek',
    names: t('Fagyasztott termékek', 'Frozen foods', 'Thực phẩm đông lạnh', '冷冻食品'),
    color: '#00838f',
    subs: [
      sub(
        'zoldseg-gyumolcs',
        t('Fagyasztott zöldség és gyümölcs', 'Frozen vegetables and fruit', 'Rau quả đông lạnh', '速冻果蔬'),
        [
          {
            brands: ['Jégvirág'],
            vat: 27,
            shape: 'bag',
            about: t(
              'Szedés után gyorsfagyasztva, hogy megőrizze vitamintartalmát. -18 °C-on tárolandó.',
              'Quick-frozen after harvest to keep its vitamins. Store at -18 °C.',
              'Cấp đông nhanh sau thu hoạch để giữ vitamin. Bảo quản ở -18 °C.',
              '采摘后速冻以保留维生素。请于-18°C储存。',
            ),
            sizes: [s(1, 'kg', 10, 899), s(2.5, 'kg', 4, 1990)],
            variants: [
              v('Zöldborsó, gyorsfagyasztott', 'Frozen green peas', 'Đậu Hà Lan đông lạnh', '速冻青豆'),
              v(
                'Ázsiai zöldségkeverék',
                'Asian vegetable mix, frozen',
                'Rau trộn kiểu Á đông lạnh',
                '速冻亚洲什锦蔬菜',
                { factor: 1.1 },
              ),
              v('Brokkolirózsák', 'Broccoli florets, frozen', 'Bông cải xanh đông lạnh', '速冻西兰花', {
                factor: 1.2,
              }),
              v('Spenót, aprított', 'Chopped spinach, frozen', 'Rau chân vịt đông lạnh', '速冻菠菜碎', {
                factor: 1.1,
              }),
              v('Edamame szójabab', 'Edamame soybeans, frozen', 'Đậu nành Nhật đông lạnh', '速冻毛豆', {
                factor: 1.4,
              }),
              v('Hasábburgonya', 'French fries, frozen', 'Khoai tây cắt que đông lạnh', '速冻薯条', {
                factor: 0.8,
              }),
            ],
          },
        ],
      ),
      sub(
        'gomboc-tavaszi-tekercs',
        t('Gombóc és tavaszi tekercs', 'Dumplings and spring rolls', 'Há cảo và chả giò', '饺子和春卷'),
        [
          {
            brands: ['Jade Dragon', 'Saigon Kitchen'],
            vat: 27,
            shape: 'bag',
            about: t(
              'Kézzel hajtogatott gombóc vagy tekercs, fagyasztott állapotból párolható vagy süthető. -18 °C-on tárolandó.',
              'Hand-folded dumplings or rolls; steam or fry straight from frozen. Store at -18 °C.',
              'Gói bằng tay, có thể hấp hoặc chiên trực tiếp khi còn đông đá. Bảo quản ở -18 °C.',
              '手工包制，可直接从冷冻状态蒸或炸。请于-18°C储存。',
            ),
            sizes: [s(500, 'g', 12, 1490), s(1, 'kg', 8, 2690)],
            variants: [
              v('Gyoza, sertéshúsos', 'Pork gyoza dumplings', 'Há cảo chiên nhân thịt heo', '猪肉煎饺'),
              v('Gőzgombóc, garnélás', 'Shrimp dumplings (har gow)', 'Há cảo tôm', '虾饺', { factor: 1.3 }),
              v('Wonton, csirkés', 'Chicken wontons', 'Hoành thánh gà', '鸡肉馄饨'),
              v('Tavaszi tekercs, zöldséges', 'Vegetable spring rolls', 'Chả giò chay', '素春卷', {
                factor: 0.8,
              }),
              v('Tavaszi tekercs, sertéshúsos', 'Pork spring rolls', 'Chả giò thịt heo', '猪肉春卷', {
                factor: 0.9,
              }),
              v('Bao buci, sertéshúsos (char siu)', 'Char siu pork buns', 'Bánh bao xá xíu', '叉烧包'),
            ],
          },
        ],
      ),
      sub(
        'hal-tenger-gyumolcsei',
        t('Hal és tenger gyümölcsei', 'Fish and seafood', 'Cá và hải sản', '鱼和海鲜'),
        [
          {
            brands: ['Tengerkincs'],
            vat: 5,
            shape: 'bag',
            about: t(
              'Egyenként gyorsfagyasztott halfilé, mázolva. -18 °C-on tárolandó.',
              'Individually quick-frozen, glazed fish fillet. Store at -18 °C.',
              'Phi lê cá cấp đông nhanh từng miếng, có lớp áo băng. Bảo quản ở -18 °C.',
              '单独速冻并包冰衣的鱼柳。请于-18°C储存。',
            ),
            sizes: [s(1, 'kg', 10, 2490)],
            variants: [
              v('Pangasius filé', 'Pangasius fillet', 'Phi lê cá basa', '巴沙鱼柳'),
              v('Tilápia filé', 'Tilapia fillet', 'Phi lê cá rô phi', '罗非鱼柳', { factor: 1.1 }),
              v('Makréla, egész', 'Whole mackerel', 'Cá thu nguyên con', '整条鲭鱼', { factor: 0.9 }),
            ],
          },
          {
            brands: ['Tengerkincs'],
            vat: 27,
            shape: 'bag',
            about: t(
              'Tisztított, fagyasztott tenger gyümölcsei, közvetlenül wokba vagy levesbe. -18 °C-on tárolandó.',
              'Cleaned frozen seafood, straight into the wok or soup. Store at -18 °C.',
              'Hải sản đông lạnh đã làm sạch, cho thẳng vào chảo hoặc nồi canh. Bảo quản ở -18 °C.',
              '已清洗的冷冻海鲜，可直接下锅炒或煮汤。请于-18°C储存。',
            ),
            sizes: [s(500, 'g', 10, 2990)],
            variants: [
              v('Garnélarák, nyers, hámozott', 'Raw peeled prawns', 'Tôm sú bóc vỏ', '去壳生虾仁'),
              v('Tintahalkarikák', 'Squid rings', 'Mực khoanh', '鱿鱼圈', { factor: 0.7 }),
              v('Tenger gyümölcsei keverék', 'Seafood mix', 'Hải sản thập cẩm', '什锦海鲜', { factor: 0.8 }),
            ],
          },
        ],
      ),
      sub('jegkrem', t('Jégkrém', 'Ice cream', 'Kem', '冰淇淋'), [
        {
          brands: ['Jégvirág'],
          vat: 27,
          shape: 'tub',
          seasonal: true,
          about: t(
            'Krémes jégkrém a nyári szezonra. -18 °C-on tárolandó.',
            'Creamy ice cream for the summer season. Store at -18 °C.',
            'Kem béo mịn cho mùa hè. Bảo quản ở -18 °C.',
            '夏季奶香冰淇淋。请于-18°C储存。',
          ),
          sizes: [s(1, 'l', 6, 1490), s(4, 'l', 2, 4490)],
          variants: [
            v('Jégkrém, vanília', 'Ice cream, vanilla', 'Kem vani', '香草冰淇淋'),
            v('Jégkrém, csokoládé', 'Ice cream, chocolate', 'Kem sô-cô-la', '巧克力冰淇淋'),
            v('Jégkrém, matcha', 'Ice cream, matcha', 'Kem trà xanh', '抹茶冰淇淋', { factor: 1.2 }),
            v('Mochi jégkrém, mangó', 'Mochi ice cream, mango', 'Bánh mochi kem xoài', '芒果雪糕糯米糍', {
              factor: 1.3,
            }),
          ],
        },
      ]),
    ],
  },
  {
    slug: 'haztartas',
    names: t('Háztartás', 'Household', 'Đồ gia dụng', '家居用品'),
    color: '#2e7d32',
    subs: [
      sub('tisztitoszerek', t('Tisztítószerek', 'Cleaning products', 'Chất tẩy rửa', '清洁剂'), [
        {
          brands: ['Tisztaház'],
          vat: 27,
          shape: 'bottle',
          about: t(
            'Hatékony tisztítószer háztartási és vendéglátóipari használatra. Gyermekektől elzárva tartandó.',
            'An effective cleaner for homes and catering. Keep out of the reach of children.',
            'Chất tẩy rửa hiệu quả cho gia đình và nhà hàng. Để xa tầm tay trẻ em.',
            '适用于家庭和餐饮业的高效清洁剂。请放在儿童接触不到的地方。',
          ),
          sizes: [s(1, 'l', 12, 699), s(5, 'l', 3, 2990, 'canister')],
          variants: [
            v(
              'Általános tisztítószer, citrom',
              'All-purpose cleaner, lemon',
              'Nước lau đa năng hương chanh',
              '柠檬多用途清洁剂',
            ),
            v('Mosogatószer, citrom', 'Dishwashing liquid, lemon', 'Nước rửa chén hương chanh', '柠檬洗洁精'),
            v(
              'Mosogatószer, balzsamos',
              'Dishwashing liquid, balsam',
              'Nước rửa chén dưỡng da tay',
              '护手洗洁精',
              { factor: 1.1 },
            ),
            v('Fertőtlenítő hipó', 'Bleach disinfectant', 'Nước tẩy Javel', '84消毒液', { factor: 0.7 }),
            v('Ablaktisztító', 'Glass cleaner', 'Nước lau kính', '玻璃清洁剂'),
            v('Padlótisztító, fenyő', 'Floor cleaner, pine', 'Nước lau sàn hương thông', '松木香地板清洁剂'),
            v('Vízkőoldó', 'Limescale remover', 'Nước tẩy cặn canxi', '除水垢剂', { factor: 1.2 }),
          ],
        },
      ]),
      sub('mososzerek', t('Mosószerek', 'Laundry', 'Bột giặt và nước giặt', '洗衣用品'), [
        {
          brands: ['Hófehér'],
          vat: 27,
          shape: 'box',
          about: t(
            'Mosópor 30-60 °C-os mosáshoz, makacs foltok ellen.',
            'Washing powder for 30-60 °C washes, against stubborn stains.',
            'Bột giặt cho nhiệt độ 30-60 °C, đánh bay vết bẩn cứng đầu.',
            '适用于30-60°C洗涤的洗衣粉，有效去除顽固污渍。',
          ),
          sizes: [s(1.5, 'kg', 8, 1990), s(6, 'kg', 3, 6490, 'sack')],
          variants: [
            v('Mosópor, színes ruhákhoz', 'Washing powder, colour', 'Bột giặt cho đồ màu', '彩色衣物洗衣粉'),
            v('Mosópor, fehér ruhákhoz', 'Washing powder, white', 'Bột giặt cho đồ trắng', '白色衣物洗衣粉'),
          ],
        },
        {
          brands: ['Hófehér'],
          vat: 27,
          shape: 'canister',
          about: t(
            'Folyékony mosó- és öblítőszer friss illattal, kímélő hatással.',
            'Liquid laundry products with a fresh scent, gentle on fabrics.',
            'Sản phẩm giặt xả dạng lỏng hương thơm mát, dịu nhẹ với vải.',
            '清香型液体洗衣护理产品，温和护衣。',
          ),
          sizes: [s(1, 'l', 12, 1290, 'bottle'), s(4, 'l', 4, 3990)],
          variants: [
            v(
              'Folyékony mosószer, univerzális',
              'Liquid detergent, universal',
              'Nước giặt đa năng',
              '通用洗衣液',
            ),
            v(
              'Öblítő, levendula',
              'Fabric softener, lavender',
              'Nước xả vải hương oải hương',
              '薰衣草柔顺剂',
              { factor: 0.8 },
            ),
            v(
              'Öblítő, tavaszi virág',
              'Fabric softener, spring blossom',
              'Nước xả vải hương hoa xuân',
              '春花柔顺剂',
              { factor: 0.8 },
            ),
          ],
        },
      ]),
      sub('papiraru-foliak', t('Papíráru és fóliák', 'Paper and foil', 'Giấy và màng bọc', '纸品和保鲜膜'), [
        {
          brands: ['Puhapapír'],
          vat: 27,
          shape: 'roll',
          grams: 110,
          about: t(
            'Puha, nedvszívó papír 100% cellulózból.',
            'Soft, absorbent paper made from 100% cellulose.',
            'Giấy mềm, thấm hút tốt từ 100% bột giấy.',
            '100%纤维素制成，柔软吸水。',
          ),
          sizes: [s(8, 'rolls', 6, 1490), s(24, 'rolls', 2, 3990)],
          variants: [
            v('Toalettpapír, 3 rétegű', 'Toilet paper, 3-ply', 'Giấy vệ sinh 3 lớp', '三层卫生纸'),
            v(
              'Konyhai papírtörlő, 2 rétegű',
              'Kitchen towel, 2-ply',
              'Khăn giấy nhà bếp 2 lớp',
              '双层厨房纸巾',
              { factor: 1.4, grams: 150 },
            ),
          ],
        },
        {
          brands: ['Puhapapír'],
          vat: 27,
          shape: 'pack',
          about: t(
            'Praktikus papíráru otthonra, irodába és vendéglátásba.',
            'Handy paper products for home, office and catering.',
            'Sản phẩm giấy tiện dụng cho gia đình, văn phòng và nhà hàng.',
            '适用于家庭、办公室和餐饮的实用纸品。',
          ),
          sizes: [s(100, 'sheets', 30, 349)],
          variants: [
            v('Szalvéta, fehér', 'Paper napkins, white', 'Khăn ăn giấy trắng', '白色餐巾纸', { grams: 3 }),
            v('Papírzsebkendő, 3 rétegű', 'Paper tissues, 3-ply', 'Khăn giấy bỏ túi 3 lớp', '三层手帕纸', {
              grams: 2,
              factor: 1.3,
            }),
          ],
        },
        {
          brands: ['Pikk-Pakk'],
          vat: 27,
          shape: 'roll',
          grams: 8,
          about: t(
            'Élelmiszerek csomagolására és sütésre, tépőéllel ellátott dobozban.',
            'For wrapping food and baking, in a box with a cutting edge.',
            'Dùng để bọc thực phẩm và nướng bánh, hộp có lưỡi cắt.',
            '用于包裹食物和烘焙，盒装带切割刃。',
          ),
          sizes: [s(30, 'm', 24, 699)],
          variants: [
            v('Alufólia', 'Aluminium foil', 'Giấy bạc', '铝箔纸', { factor: 1.2 }),
            v('Folpack háztartási fólia', 'Cling film', 'Màng bọc thực phẩm', '保鲜膜', { grams: 4 }),
            v('Sütőpapír', 'Baking paper', 'Giấy nến nướng bánh', '烘焙纸', { grams: 6 }),
          ],
        },
      ]),
      sub(
        'eldobhato-edenyek',
        t('Eldobható edények', 'Disposable tableware', 'Đồ dùng một lần', '一次性餐具'),
        [
          {
            brands: ['Pikk-Pakk'],
            vat: 27,
            shape: 'pack',
            about: t(
              'Lebomló anyagból készült egyszer használatos termék büfékbe és rendezvényekre.',
              'Single-use tableware of compostable material for take-aways and events.',
              'Đồ dùng một lần bằng vật liệu phân hủy sinh học, dành cho quán ăn mang đi và sự kiện.',
              '可降解材料制成的一次性餐具，适用于外卖和活动。',
            ),
            sizes: [s(50, 'pcs', 20, 899), s(100, 'pcs', 10, 1590)],
            variants: [
              v('Papírtányér, 23 cm', 'Paper plates, 23 cm', 'Đĩa giấy 23 cm', '纸盘 23厘米', { grams: 9 }),
              v('Papírpohár, 2 dl', 'Paper cups, 200 ml', 'Cốc giấy 200 ml', '纸杯 200毫升', {
                grams: 6,
                factor: 0.8,
              }),
              v('Fa evőpálcika', 'Wooden chopsticks', 'Đũa gỗ dùng một lần', '一次性木筷', {
                grams: 5,
                factor: 0.5,
              }),
              v(
                'Ételdoboz, lebomló, 1000 ml',
                'Compostable food box, 1000 ml',
                'Hộp đựng thức ăn phân hủy sinh học 1000 ml',
                '可降解餐盒 1000毫升',
                {
                  grams: 20,
                  factor: 2.2,
                },
              ),
              v('Fa evőeszközkészlet', 'Wooden cutlery set', 'Bộ dao dĩa gỗ', '木质餐具套装', {
                grams: 10,
                factor: 1.5,
              }),
            ],
          },
        ],
      ),
    ],
  },
  {
    slug: 'drogeria',
    names: t('Drogéria', 'Personal care', 'Chăm sóc cá nhân', '个人护理'),
    color: '#7b1fa2',
    subs: [
      sub(
        'tusfurdo-szappan',
        t('Tusfürdő és szappan', 'Shower gel and soap', 'Sữa tắm và xà phòng', '沐浴露和香皂'),
        [
          {
            brands: ['Virágillat'],
            vat: 27,
            shape: 'bottle',
            about: t(
              'Bőrbarát, pH-semleges tisztálkodószer kellemes illattal.',
              'A skin-friendly, pH-neutral wash with a pleasant scent.',
              'Sản phẩm làm sạch dịu nhẹ với da, pH trung tính, hương thơm dễ chịu.',
              '温和亲肤、pH中性的清洁用品，香气怡人。',
            ),
            sizes: [s(250, 'ml', 12, 799), s(1, 'l', 6, 1990)],
            variants: [
              v('Tusfürdő, levendula', 'Shower gel, lavender', 'Sữa tắm hương oải hương', '薰衣草沐浴露'),
              v('Tusfürdő, zöld tea', 'Shower gel, green tea', 'Sữa tắm trà xanh', '绿茶沐浴露'),
              v('Tusfürdő, férfi', "Men's shower gel", 'Sữa tắm nam', '男士沐浴露'),
              v(
                'Folyékony szappan, aloe vera',
                'Liquid soap, aloe vera',
                'Xà phòng nước nha đam',
                '芦荟洗手液',
                { factor: 0.8 },
              ),
            ],
          },
          {
            brands: ['Virágillat'],
            vat: 27,
            shape: 'box',
            about: t(
              'Krémes pipereszappan tejjel és mézzel.',
              'A creamy toilet soap with milk and honey.',
              'Xà phòng cục dịu nhẹ với sữa và mật ong.',
              '含牛奶和蜂蜜的滋润香皂。',
            ),
            sizes: [s(100, 'g', 48, 249)],
            variants: [
              v(
                'Szappan, tej és méz',
                'Soap bar, milk and honey',
                'Xà phòng cục sữa và mật ong',
                '牛奶蜂蜜香皂',
              ),
            ],
          },
        ],
      ),
      sub('hajapolas', t('Hajápolás', 'Hair care', 'Chăm sóc tóc', '护发'), [
        {
          brands: ['Virágillat'],
          vat: 27,
          shape: 'bottle',
          about: t(
            'Mindennapi használatra alkalmas hajápoló termék.',
            'A hair care product for everyday use.',
            'Sản phẩm chăm sóc tóc dùng hằng ngày.',
            '适合日常使用的护发产品。',
          ),
          sizes: [s(250, 'ml', 12, 899), s(1, 'l', 6, 2490)],
          variants: [
            v('Sampon, korpásodás ellen', 'Anti-dandruff shampoo', 'Dầu gội trị gàu', '去屑洗发水', {
              factor: 1.1,
            }),
            v(
              'Sampon, minden hajtípusra',
              'Shampoo for all hair types',
              'Dầu gội cho mọi loại tóc',
              '通用洗发水',
            ),
            v('Hajbalzsam', 'Hair conditioner', 'Dầu xả', '护发素'),
          ],
        },
        {
          brands: ['Virágillat'],
          vat: 27,
          shape: 'tub',
          about: t(
            'Erős tartású hajzselé, nem ragad, könnyen kimosható.',
            'Strong-hold hair gel; not sticky and washes out easily.',
            'Gel vuốt tóc giữ nếp mạnh, không bết dính, dễ gội sạch.',
            '强力定型发胶，不粘腻，易清洗。',
          ),
          sizes: [s(150, 'ml', 12, 699)],
          variants: [v('Hajzselé, erős', 'Hair gel, strong', 'Gel vuốt tóc giữ nếp mạnh', '强力定型发胶')],
        },
      ]),
      sub('szajapolas', t('Szájápolás', 'Oral care', 'Chăm sóc răng miệng', '口腔护理'), [
        {
          brands: ['Mentafriss'],
          vat: 27,
          shape: 'tube',
          about: t(
            'Fluoridos fogkrém a fogszuvasodás ellen, friss mentaízzel.',
            'Fluoride toothpaste against tooth decay, with a fresh mint taste.',
            'Kem đánh răng chứa fluor ngừa sâu răng, vị bạc hà the mát.',
            '含氟牙膏，预防蛀牙，清新薄荷味。',
          ),
          sizes: [s(75, 'ml', 12, 599), s(125, 'ml', 12, 849)],
          variants: [
            v('Fogkrém, fehérítő', 'Whitening toothpaste', 'Kem đánh răng làm trắng', '美白牙膏', {
              factor: 1.1,
            }),
            v(
              'Fogkrém, érzékeny fogakra',
              'Toothpaste for sensitive teeth',
              'Kem đánh răng cho răng nhạy cảm',
              '抗敏感牙膏',
              {
                factor: 1.2,
              },
            ),
            v('Fogkrém, gyógynövényes', 'Herbal toothpaste', 'Kem đánh răng thảo dược', '草本牙膏'),
          ],
        },
        {
          brands: ['Mentafriss'],
          vat: 27,
          shape: 'pack',
          grams: 18,
          about: t(
            'Ergonomikus nyelű fogkefe lekerekített sörtékkel.',
            'A toothbrush with an ergonomic handle and rounded bristles.',
            'Bàn chải cán cầm vừa tay, lông bàn chải bo tròn.',
            '人体工学手柄牙刷，刷毛经磨圆处理。',
          ),
          sizes: [s(1, 'pcs', 12, 399)],
          variants: [
            v('Fogkefe, közepes', 'Toothbrush, medium', 'Bàn chải đánh răng lông vừa', '中毛牙刷'),
            v('Fogkefe, puha', 'Toothbrush, soft', 'Bàn chải đánh răng lông mềm', '软毛牙刷'),
          ],
        },
        {
          brands: ['Mentafriss'],
          vat: 27,
          shape: 'bottle',
          about: t(
            'Alkoholmentes szájvíz a friss leheletért.',
            'Alcohol-free mouthwash for fresh breath.',
            'Nước súc miệng không cồn cho hơi thở thơm mát.',
            '不含酒精的漱口水，令口气清新。',
          ),
          sizes: [s(500, 'ml', 12, 1290)],
          variants: [v('Szájvíz, menta', 'Mouthwash, mint', 'Nước súc miệng bạc hà', '薄荷漱口水')],
        },
      ]),
    ],
  },
];

/** Hand-made products that exercise each branch of the quantity correction (docs/product.md §5). */
export interface RuleProductDef {
  sku: string;
  /** Full subcategory slug. */
  category: string;
  brand: ManufacturerName;
  names: Tr;
  size: SizeSpec;
  vat: Vat;
  shape: Shape;
  about: Tr;
  stock: number;
  min?: 'carton' | 'row' | 'pallet';
  max?: 'carton' | 'row' | 'pallet';
  /** Cartons per pallet layer (the row pack size); defaults from the weight. */
  rowCartons?: number;
  noPrices?: boolean;
  isOrderable?: 0 | 1;
  /** What the quantity correction does with this product, for the comment and the tests. */
  behaviour: string;
}

/**
 * Quantity-correction demo products (SKU, what happens):
 * - QC-MIN-RAISE      min_order_quantity 'carton' (24 pcs), step 24, stock 2400: 1 -> 24 (minimum_order_quantity).
 * - QC-MAX-LOWER      max_order_quantity 'row' (row = 10 cartons of 6 = 60 pcs), stock 5000: 100 -> 60 (maximum_order_quantity).
 * - QC-STOCK-CAP      step 6, stock 36: 100 -> 36 (capped at stock).
 * - QC-MIN-OVER-STOCK min_order_quantity 'carton' (10 pcs), stock 4: any -> 0 (quantity_to_order_is_not_available).
 * - QC-STEP-UP        step 6, stock 3000: 7 -> 12 (order_quantity_step_correction, rounded up).
 * - QC-STEP-DOWN      step 10, stock 25: 25 -> up 30 > stock -> down 20.
 * - QC-STEP-ZERO      step 12, stock 8 (below one carton): 5 -> up 12 > stock -> down 0 -> 0.
 * - QC-NO-PRICE       no price entries at all: any -> 0.
 * - QC-NOT-ORDERABLE  is_orderable 0 (a non-orderable item in the cart), in stock.
 * - QC-OUT-OF-STOCK   stock 0 (out_of_stock, non-orderable in the cart).
 */
export const RULE_PRODUCTS: RuleProductDef[] = [
  {
    sku: 'QC-MIN-RAISE',
    category: 'italok-asvanyviz',
    brand: 'Kristályforrás',
    names: t(
      'Ásványvíz, szénsavmentes, üveges',
      'Still mineral water, glass bottle',
      'Nước khoáng không ga, chai thủy tinh',
      '无气矿泉水（玻璃瓶）',
    ),
    size: s(0.33, 'l', 24, 189),
    vat: 27,
    shape: 'glass',
    about: t(
      'Éttermi kiszerelés üvegpalackban; csak teljes kartonban rendelhető.',
      'Restaurant size in glass bottles; sold by whole cartons only.',
      'Chai thủy tinh dành cho nhà hàng; chỉ bán nguyên thùng.',
      '玻璃瓶餐饮装，仅整箱销售。',
    ),
    stock: 2400,
    min: 'carton',
    behaviour: 'min carton 24: 1 -> 24',
  },
  {
    sku: 'QC-MAX-LOWER',
    category: 'azsiai-elelmiszerek-szoszok',
    brand: 'Saigon Kitchen',
    names: t('Halszósz, prémium 40°N', 'Premium fish sauce 40°N', 'Nước mắm cốt 40 độ đạm', '特级鱼露 40°N'),
    size: s(500, 'ml', 6, 1890),
    vat: 27,
    shape: 'bottle',
    about: t(
      'Első préselésű halszósz korlátozott mennyiségben: rendelésenként legfeljebb egy sor.',
      'First-press fish sauce in limited supply: at most one row per order.',
      'Nước mắm nhĩ số lượng có hạn: tối đa một hàng mỗi đơn.',
      '头道鱼露限量供应：每单最多一层。',
    ),
    stock: 5000,
    max: 'row',
    rowCartons: 10,
    behaviour: 'max row 60: 100 -> 60',
  },
  {
    sku: 'QC-STOCK-CAP',
    category: 'azsiai-elelmiszerek-teszta-instant-leves',
    brand: 'Hoa Mai',
    names: t(
      'Rizspapír (bánh tráng), 22 cm',
      'Rice paper (bánh tráng), 22 cm',
      'Bánh tráng 22 cm',
      '越南米纸 22厘米',
    ),
    size: s(400, 'g', 6, 699),
    vat: 27,
    shape: 'pack',
    about: t(
      'Vékony rizslap friss tavaszi tekercshez; langyos vízbe mártva azonnal hajlékony.',
      'Thin rice sheets for fresh spring rolls; pliable after a dip in warm water.',
      'Bánh tráng mỏng để cuốn gỏi cuốn; nhúng nước ấm là mềm ngay.',
      '薄米纸，用于制作越南鲜春卷；在温水中浸一下即变软。',
    ),
    stock: 36,
    behaviour: 'step 6, stock 36: 100 -> 36',
  },
  {
    sku: 'QC-MIN-OVER-STOCK',
    category: 'fagyasztott-termekek-zoldseg-gyumolcs',
    brand: 'Jégvirág',
    names: t('Durián, fagyasztott', 'Frozen durian', 'Sầu riêng đông lạnh', '冷冻榴莲'),
    size: s(1, 'kg', 10, 4990),
    vat: 27,
    shape: 'box',
    about: t(
      'Thaiföldi monthong durián gyümölcshús, csak teljes kartonban rendelhető. -18 °C-on tárolandó.',
      'Thai monthong durian flesh, sold by whole cartons only. Store at -18 °C.',
      'Cơm sầu riêng Monthong Thái Lan, chỉ bán nguyên thùng. Bảo quản ở -18 °C.',
      '泰国金枕榴莲果肉，仅整箱销售。请于-18°C储存。',
    ),
    stock: 4,
    min: 'carton',
    behaviour: 'min carton 10 > stock 4: any -> 0',
  },
  {
    sku: 'QC-STEP-UP',
    category: 'azsiai-elelmiszerek-szoszok',
    brand: 'Lucky Bamboo',
    names: t('Szójaszósz, gombás, sötét', 'Mushroom dark soy sauce', 'Nước tương nấm đậm', '草菇老抽'),
    size: s(500, 'ml', 6, 999),
    vat: 27,
    shape: 'bottle',
    about: t(
      'Szalmagombával érlelt sötét szójaszósz pörköltekhez és pácokhoz.',
      'Dark soy sauce brewed with straw mushrooms, for braises and marinades.',
      'Nước tương đậm ủ với nấm rơm, dùng kho và ướp.',
      '以草菇酿制的老抽，适合红烧和腌制。',
    ),
    stock: 3000,
    behaviour: 'step 6: 7 -> 12',
  },
  {
    sku: 'QC-STEP-DOWN',
    category: 'azsiai-elelmiszerek-konzervek-kokusztej',
    brand: 'Mekong Delta Foods',
    names: t('Kókusztej, light', 'Light coconut milk', 'Nước cốt dừa ít béo', '低脂椰奶'),
    size: s(400, 'ml', 10, 649),
    vat: 27,
    shape: 'can',
    about: t(
      'Csökkentett zsírtartalmú kókusztej könnyebb currykhez.',
      'Reduced-fat coconut milk for lighter curries.',
      'Nước cốt dừa giảm béo cho món cà ri nhẹ nhàng hơn.',
      '减脂椰奶，适合制作清淡咖喱。',
    ),
    stock: 25,
    behaviour: 'step 10, stock 25: 25 -> 30 > 25 -> 20',
  },
  {
    sku: 'QC-STEP-ZERO',
    category: 'italok-gyumolcslevek',
    brand: 'Hoa Mai',
    names: t('Fecskefészek-ital', "Bird's nest drink", 'Nước yến', '燕窝饮料'),
    size: s(240, 'ml', 12, 599),
    vat: 27,
    shape: 'can',
    about: t(
      'Hagyományos ázsiai ital fecskefészekkel és kandiscukorral.',
      "A traditional Asian drink with bird's nest and rock sugar.",
      'Thức uống truyền thống châu Á từ tổ yến và đường phèn.',
      '传统亚洲饮品，含燕窝和冰糖。',
    ),
    stock: 8,
    behaviour: 'step 12, stock 8: 5 -> 12 > 8 -> 0',
  },
  {
    sku: 'QC-NO-PRICE',
    category: 'fagyasztott-termekek-zoldseg-gyumolcs',
    brand: 'Jégvirág',
    names: t(
      'Lótuszgyökér, szeletelt, fagyasztott',
      'Sliced lotus root, frozen',
      'Củ sen cắt lát đông lạnh',
      '冷冻莲藕片',
    ),
    size: s(500, 'g', 10, 1290),
    vat: 27,
    shape: 'bag',
    about: t(
      'Szeletelt lótuszgyökér levesekhez és wokételekhez. Ára egyeztetés alatt. -18 °C-on tárolandó.',
      'Sliced lotus root for soups and stir-fries. Price being negotiated. Store at -18 °C.',
      'Củ sen cắt lát dùng nấu canh và xào. Giá đang được thỏa thuận. Bảo quản ở -18 °C.',
      '莲藕切片，适合煲汤和炒菜。价格待定。请于-18°C储存。',
    ),
    stock: 500,
    noPrices: true,
    behaviour: 'no price entries: any -> 0',
  },
  {
    sku: 'QC-NOT-ORDERABLE',
    category: 'azsiai-elelmiszerek-szoszok',
    brand: 'Jade Dragon',
    names: t('Rizsecet', 'Rice vinegar', 'Giấm gạo', '米醋'),
    size: s(500, 'ml', 12, 749),
    vat: 27,
    shape: 'bottle',
    about: t(
      'Enyhe, édeskés rizsecet sushihoz és savanyúságokhoz. Átmenetileg nem rendelhető.',
      'Mild, slightly sweet rice vinegar for sushi and pickles. Temporarily not orderable.',
      'Giấm gạo dịu, hơi ngọt, dùng làm sushi và đồ chua. Tạm thời không thể đặt hàng.',
      '口感温和微甜的米醋，适用于寿司和腌菜。暂时无法订购。',
    ),
    stock: 240,
    isOrderable: 0,
    behaviour: 'is_orderable 0',
  },
  {
    sku: 'QC-OUT-OF-STOCK',
    category: 'azsiai-elelmiszerek-fuszerek',
    brand: 'Fűszerkert',
    names: t('Tamarindpaszta', 'Tamarind paste', 'Me chua dạng sệt', '罗望子酱'),
    size: s(200, 'g', 24, 599),
    vat: 27,
    shape: 'jar',
    about: t(
      'Savanykás tamarindpaszta pad thaihoz és levesekhez.',
      'Tangy tamarind paste for pad thai and soups.',
      'Me chua dạng sệt dùng cho pad thai và các món canh chua.',
      '酸甜罗望子酱，适用于泰式炒河粉和汤品。',
    ),
    stock: 0,
    behaviour: 'stock 0',
  },
];
