import type { Language } from '@shop/shared/i18n/languages';
import { makeTaxNumber } from './hu-tax-number';

/**
 * Texts of the demo shop "Nagyker Kft.": the content pages (legal information, how to buy,
 * contact, privacy policy) and the current news item, in hu, en, vi and zh. The HTML uses only
 * p, h2, h3, ul, li, strong and a (the content service sanitises it when the seed saves it). The
 * privacy policy describes what the shop really stores, including the page-view tracking of
 * docs/decisions/0007-page-tracking.md. All company data is invented.
 */

export interface PageText {
  title: string;
  description: string;
}

export interface ContentPageDef {
  path: string;
  sortOrder: number;
  texts: Record<Language, PageText>;
}

export const SHOP_COMPANY = {
  name: 'Nagyker Kereskedelmi Kft.',
  shortName: 'Nagyker Kft.',
  address: '2040 Budaörs, Raktárváros utca 5.',
  registrationNumber: '13-09-246801',
  taxNumber: makeTaxNumber('2468013', 2, '13'),
  phone: '+36 1 555 0100',
  email: 'info@nagyker.example',
  ordersEmail: 'rendeles@nagyker.example',
  privacyEmail: 'adatvedelem@nagyker.example',
  bankAccount: '12345678-12345678-12345678',
  managingDirector: 'Kiss Péter',
} as const;

const c = SHOP_COMPANY;
const euVat = `HU${c.taxNumber.slice(0, 8)}`;
const mail = (address: string): string => `<a href="mailto:${address}">${address}</a>`;
const tel = `<a href="tel:${c.phone.replace(/\s/g, '')}">${c.phone}</a>`;
const naih = '<a href="https://www.naih.hu">www.naih.hu</a>';

const legal: ContentPageDef = {
  path: 'legal-information',
  sortOrder: 10,
  texts: {
    hu: {
      title: 'Jogi információk',
      description: [
        '<h2>Az üzemeltető adatai</h2>',
        `<ul><li><strong>Cégnév:</strong> ${c.name}</li><li><strong>Székhely:</strong> ${c.address}</li>`,
        `<li><strong>Cégjegyzékszám:</strong> ${c.registrationNumber} (Budapest Környéki Törvényszék Cégbírósága)</li>`,
        `<li><strong>Adószám:</strong> ${c.taxNumber}</li><li><strong>Közösségi adószám:</strong> ${euVat}</li>`,
        `<li><strong>Bankszámlaszám:</strong> ${c.bankAccount}</li><li><strong>Ügyvezető:</strong> ${c.managingDirector}</li>`,
        `<li><strong>Telefon:</strong> ${tel}</li><li><strong>E-mail:</strong> ${mail(c.email)}</li></ul>`,
        '<h2>A webáruházról</h2>',
        '<p>A webáruház kizárólag regisztrált és jóváhagyott üzleti partnereink (cégek és egyéni vállalkozók) részére érhető el. A regisztrációt munkatársaink 48-72 órán belül ellenőrzik és hagyják jóvá.</p>',
        '<p>Az árak forintban értendők; a bruttó árak az áfát tartalmazzák, a nettó árakat tájékoztató jelleggel is feltüntetjük. A termékképek illusztrációk. Az árak és a készlet előzetes értesítés nélkül változhatnak; a megrendelés a visszaigazolással válik véglegessé.</p>',
        '<h2>Tárhelyszolgáltató</h2>',
        '<p>Felhő Tárhely Kft., 1117 Budapest, Példa utca 1. (az adatok az Európai Unión belül tárolódnak).</p>',
      ].join(''),
    },
    en: {
      title: 'Legal information',
      description: [
        '<h2>Operator</h2>',
        `<ul><li><strong>Company name:</strong> ${c.name}</li><li><strong>Registered office:</strong> ${c.address}, Hungary</li>`,
        `<li><strong>Company registration number:</strong> ${c.registrationNumber} (Court of Registration of the Budapest Environs Regional Court)</li>`,
        `<li><strong>Tax number:</strong> ${c.taxNumber}</li><li><strong>EU VAT number:</strong> ${euVat}</li>`,
        `<li><strong>Bank account:</strong> ${c.bankAccount}</li><li><strong>Managing director:</strong> ${c.managingDirector}</li>`,
        `<li><strong>Phone:</strong> ${tel}</li><li><strong>E-mail:</strong> ${mail(c.email)}</li></ul>`,
        '<h2>About this shop</h2>',
        '<p>The web shop is open only to registered and approved business partners (companies and sole traders). Our staff check and approve new registrations within 48-72 hours.</p>',
        '<p>Prices are in Hungarian forints (HUF); gross prices include VAT and net prices are shown for information. Product pictures are illustrations. Prices and stock may change without notice; an order becomes final with our confirmation.</p>',
        '<h2>Hosting provider</h2>',
        '<p>Felhő Tárhely Kft., Példa utca 1., 1117 Budapest, Hungary (data is stored within the European Union).</p>',
      ].join(''),
    },
    vi: {
      title: 'Thông tin pháp lý',
      description: [
        '<h2>Đơn vị vận hành</h2>',
        `<ul><li><strong>Tên công ty:</strong> ${c.name}</li><li><strong>Trụ sở:</strong> ${c.address}, Hungary</li>`,
        `<li><strong>Số đăng ký kinh doanh:</strong> ${c.registrationNumber} (Tòa đăng ký kinh doanh thuộc Tòa án khu vực ngoại ô Budapest)</li>`,
        `<li><strong>Mã số thuế:</strong> ${c.taxNumber}</li><li><strong>Mã số thuế VAT EU:</strong> ${euVat}</li>`,
        `<li><strong>Tài khoản ngân hàng:</strong> ${c.bankAccount}</li><li><strong>Giám đốc điều hành:</strong> ${c.managingDirector}</li>`,
        `<li><strong>Điện thoại:</strong> ${tel}</li><li><strong>E-mail:</strong> ${mail(c.email)}</li></ul>`,
        '<h2>Về cửa hàng trực tuyến</h2>',
        '<p>Cửa hàng trực tuyến chỉ dành cho các đối tác kinh doanh đã đăng ký và được phê duyệt (công ty và hộ kinh doanh cá thể). Nhân viên của chúng tôi kiểm tra và phê duyệt đăng ký trong vòng 48-72 giờ.</p>',
        '<p>Giá tính bằng forint Hungary (HUF); giá gộp đã bao gồm thuế VAT, giá chưa thuế được hiển thị để tham khảo. Hình ảnh sản phẩm chỉ mang tính minh họa. Giá và tồn kho có thể thay đổi mà không cần báo trước; đơn hàng chỉ có hiệu lực sau khi chúng tôi xác nhận.</p>',
        '<h2>Nhà cung cấp dịch vụ lưu trữ</h2>',
        '<p>Felhő Tárhely Kft., Példa utca 1., 1117 Budapest, Hungary (dữ liệu được lưu trữ trong Liên minh châu Âu).</p>',
      ].join(''),
    },
    zh: {
      title: '法律信息',
      description: [
        '<h2>运营方信息</h2>',
        `<ul><li><strong>公司名称：</strong>${c.name}</li><li><strong>注册地址：</strong>${c.address}，匈牙利</li>`,
        `<li><strong>公司注册号：</strong>${c.registrationNumber}（布达佩斯周边地区法院公司登记处）</li>`,
        `<li><strong>税号：</strong>${c.taxNumber}</li><li><strong>欧盟增值税号：</strong>${euVat}</li>`,
        `<li><strong>银行账户：</strong>${c.bankAccount}</li><li><strong>总经理：</strong>${c.managingDirector}</li>`,
        `<li><strong>电话：</strong>${tel}</li><li><strong>电子邮件：</strong>${mail(c.email)}</li></ul>`,
        '<h2>关于本网店</h2>',
        '<p>本网店仅向已注册并经审核通过的商业合作伙伴（公司及个体经营者）开放。我们的工作人员会在48至72小时内审核并批准新注册。</p>',
        '<p>价格以匈牙利福林（HUF）计；含税价已包含增值税，不含税价仅供参考。产品图片仅为示意。价格和库存可能随时变动，恕不另行通知；订单以我方确认为准。</p>',
        '<h2>主机服务提供商</h2>',
        '<p>Felhő Tárhely Kft.，Példa utca 1.，1117 布达佩斯，匈牙利（数据存储于欧盟境内）。</p>',
      ].join(''),
    },
  },
};

const howToBuy: ContentPageDef = {
  path: 'how-to-buy',
  sortOrder: 20,
  texts: {
    hu: {
      title: 'Hogyan vásárolhatok?',
      description: [
        '<h2>1. Regisztráció</h2>',
        '<p>Regisztráljon cégadataival (cégnév, adószám, cégjegyzékszám, számlázási cím). Az e-mailben kapott linkkel erősítse meg e-mail-címét. Munkatársaink 48-72 órán belül jóváhagyják a regisztrációt, ezután be tud jelentkezni.</p>',
        '<h2>2. Termékek keresése</h2>',
        '<p>Böngésszen a kategóriák között, vagy keressen terméknévre, vonalkódra, cikkszámra vagy kategóriára (legalább 3 karakter). Az ékezetek nélkül beírt keresés is működik, például a <strong>kave</strong> a kávékat is megtalálja.</p>',
        '<h2>3. Mennyiségek</h2>',
        '<ul><li>A mennyiséget darabban adja meg; a rendelési lépték egy karton.</li>',
        '<li>Egyes termékeknél legkisebb vagy legnagyobb rendelhető mennyiség van (például egy karton vagy egy raklap).</li>',
        '<li>A rendszer a készlethez és a léptékhez igazítja a mennyiséget, és erről üzenetben tájékoztatja.</li>',
        '<li>Nagyobb kiszerelésnél (karton, sor, raklap) kedvezőbb a darabár.</li></ul>',
        '<h2>4. Kosár és rendelés</h2>',
        '<p>A kosárban ellenőrizze a tételeket, majd a <strong>Szállítás és fizetés</strong> oldalon válassza ki a szállítási címet, a szállítási és a fizetési módot, kiszállításnál a szállítási napot, és írjon megjegyzést, ha szükséges. A rendelésről visszaigazoló e-mailt küldünk; korábbi rendeléseit a profiljában találja.</p>',
        '<h2>5. Kiszállítás</h2>',
        '<p>Járataink meghatározott napokon közlekednek. A járatnap előtti munkanapon 14:00-ig leadott rendeléseket a következő járattal szállítjuk. 48 órán belüli szállítási nap választásakor kérjük, telefonon egyeztessen üzletkötőjével. Ünnepek idején a szállítási napok változhatnak.</p>',
        '<p>Év végi zárás: 2024. december 27. 16:00-tól 2025. január 2. 08:00-ig nem fogadunk rendelést.</p>',
      ].join(''),
    },
    en: {
      title: 'How to buy',
      description: [
        '<h2>1. Registration</h2>',
        '<p>Register with your company data (company name, tax number, company registration number, billing address). Confirm your e-mail address with the link we send you. Our staff approve the registration within 48-72 hours; after that you can log in.</p>',
        '<h2>2. Finding products</h2>',
        '<p>Browse the categories or search by product name, barcode, item number (SKU) or category (at least 3 characters). Searching without accents works too: <strong>kave</strong> also finds Kávé.</p>',
        '<h2>3. Quantities</h2>',
        '<ul><li>Enter quantities in pieces; the order step is one carton.</li>',
        '<li>Some products have a minimum or maximum order quantity (for example one carton or one pallet).</li>',
        '<li>The shop adjusts the quantity to the stock and the step and tells you so in a message.</li>',
        '<li>Bigger packs (carton, row, pallet) have a lower price per piece.</li></ul>',
        '<h2>4. Cart and ordering</h2>',
        '<p>Check the items in your cart, then on the <strong>Shipping and payment</strong> page choose the shipping address, the shipping and payment method, for home delivery the delivery day, and add a note if needed. We confirm every order by e-mail; your earlier orders are listed in your profile.</p>',
        '<h2>5. Delivery</h2>',
        '<p>Our delivery routes run on fixed days. Orders placed by 14:00 on the working day before a route day go with the next route. If you choose a delivery day within 48 hours, please call your sales representative first. Delivery days may change around public holidays.</p>',
        '<p>Year-end closure: we do not accept orders from 27 December 2024 16:00 to 2 January 2025 08:00.</p>',
      ].join(''),
    },
    vi: {
      title: 'Hướng dẫn mua hàng',
      description: [
        '<h2>1. Đăng ký</h2>',
        '<p>Đăng ký bằng thông tin công ty (tên công ty, mã số thuế, số đăng ký kinh doanh, địa chỉ xuất hóa đơn). Xác nhận địa chỉ e-mail bằng đường link chúng tôi gửi. Nhân viên của chúng tôi sẽ phê duyệt trong vòng 48-72 giờ, sau đó quý khách có thể đăng nhập.</p>',
        '<h2>2. Tìm sản phẩm</h2>',
        '<p>Duyệt theo danh mục hoặc tìm theo tên sản phẩm, mã vạch, mã hàng (SKU) hay danh mục (tối thiểu 3 ký tự). Có thể gõ không dấu: tìm <strong>pho</strong> sẽ ra các loại bánh phở.</p>',
        '<h2>3. Số lượng</h2>',
        '<ul><li>Nhập số lượng theo cái/chiếc; bước đặt hàng là một thùng.</li>',
        '<li>Một số sản phẩm có số lượng đặt tối thiểu hoặc tối đa (ví dụ một thùng hoặc một pallet).</li>',
        '<li>Hệ thống tự điều chỉnh số lượng theo tồn kho và bước đặt hàng, đồng thời hiển thị thông báo.</li>',
        '<li>Quy cách lớn hơn (thùng, hàng, pallet) có giá mỗi sản phẩm thấp hơn.</li></ul>',
        '<h2>4. Giỏ hàng và đặt hàng</h2>',
        '<p>Kiểm tra giỏ hàng, sau đó tại trang <strong>Giao hàng và thanh toán</strong> chọn địa chỉ giao hàng, phương thức giao hàng và thanh toán, ngày giao (nếu giao tận nơi) và ghi chú nếu cần. Chúng tôi xác nhận mọi đơn hàng qua e-mail; các đơn trước đây có trong hồ sơ của quý khách.</p>',
        '<h2>5. Giao hàng</h2>',
        '<p>Các tuyến giao hàng chạy vào những ngày cố định. Đơn đặt trước 14:00 của ngày làm việc trước ngày chạy tuyến sẽ được giao trong chuyến kế tiếp. Nếu chọn ngày giao trong vòng 48 giờ, vui lòng gọi điện cho nhân viên kinh doanh. Ngày giao có thể thay đổi vào dịp lễ.</p>',
        '<p>Nghỉ cuối năm: chúng tôi không nhận đơn từ 16:00 ngày 27/12/2024 đến 08:00 ngày 02/01/2025.</p>',
      ].join(''),
    },
    zh: {
      title: '购物指南',
      description: [
        '<h2>1. 注册</h2>',
        '<p>请使用公司信息注册（公司名称、税号、公司注册号、开票地址），并通过我们发送的链接确认电子邮箱。我们的工作人员会在48至72小时内审核通过，之后即可登录。</p>',
        '<h2>2. 查找商品</h2>',
        '<p>可按分类浏览，或按商品名称、条形码、货号（SKU）或分类搜索（至少3个字符）。也可以输入不带重音符号的文字，例如搜索 <strong>pho</strong> 可找到越南河粉。</p>',
        '<h2>3. 数量</h2>',
        '<ul><li>数量以件为单位输入；订购步长为一箱。</li>',
        '<li>部分商品设有最小或最大订购量（例如一箱或一托盘）。</li>',
        '<li>系统会根据库存和订购步长自动调整数量，并以消息提示。</li>',
        '<li>较大包装（箱、层、托盘）的单件价格更优惠。</li></ul>',
        '<h2>4. 购物车与下单</h2>',
        '<p>检查购物车中的商品后，在<strong>配送与付款</strong>页面选择收货地址、配送方式和付款方式，送货上门时选择送货日期，如有需要可填写备注。每笔订单我们都会通过电子邮件确认；历史订单可在个人资料中查看。</p>',
        '<h2>5. 配送</h2>',
        '<p>我们的配送线路在固定日期运行。在线路日前一个工作日14:00前下的订单将随下一班线路配送。如选择48小时内的送货日期，请先致电您的销售代表。节假日期间送货日期可能有所调整。</p>',
        '<p>年末停业：2024年12月27日16:00至2025年1月2日08:00期间不接受订单。</p>',
      ].join(''),
    },
  },
};

const contact: ContentPageDef = {
  path: 'contact',
  sortOrder: 30,
  texts: {
    hu: {
      title: 'Kapcsolat',
      description: [
        `<h2>${c.name}</h2>`,
        `<p>Raktár és iroda: ${c.address}</p>`,
        `<ul><li><strong>Telefon:</strong> ${tel}</li><li><strong>Általános ügyek:</strong> ${mail(c.email)}</li>`,
        `<li><strong>Rendelések:</strong> ${mail(c.ordersEmail)}</li></ul>`,
        '<h3>Nyitvatartás</h3>',
        '<ul><li>Hétfő-péntek: 6:00-16:00</li><li>Szombat: 7:00-12:00</li><li>Vasárnap és ünnepnapokon: zárva</li></ul>',
        '<h3>Üzletkötők</h3>',
        '<p>Minden partnerünknek saját üzletkötője van, aki segít a rendelésben, a szállítási napok egyeztetésében és az egyedi árakban. Elérhetőségét a visszaigazoló e-mailekben találja.</p>',
        '<p>Magyarul, angolul, vietnámiul és kínaiul is szívesen segítünk.</p>',
      ].join(''),
    },
    en: {
      title: 'Contact',
      description: [
        `<h2>${c.name}</h2>`,
        `<p>Warehouse and office: ${c.address}, Hungary</p>`,
        `<ul><li><strong>Phone:</strong> ${tel}</li><li><strong>General enquiries:</strong> ${mail(c.email)}</li>`,
        `<li><strong>Orders:</strong> ${mail(c.ordersEmail)}</li></ul>`,
        '<h3>Opening hours</h3>',
        '<ul><li>Monday to Friday: 6:00-16:00</li><li>Saturday: 7:00-12:00</li><li>Sundays and public holidays: closed</li></ul>',
        '<h3>Sales representatives</h3>',
        '<p>Every partner has a personal sales representative who helps with orders, delivery days and individual prices. You find their contact details in our confirmation e-mails.</p>',
        '<p>We are happy to help in Hungarian, English, Vietnamese and Chinese.</p>',
      ].join(''),
    },
    vi: {
      title: 'Liên hệ',
      description: [
        `<h2>${c.name}</h2>`,
        `<p>Kho và văn phòng: ${c.address}, Hungary</p>`,
        `<ul><li><strong>Điện thoại:</strong> ${tel}</li><li><strong>Thông tin chung:</strong> ${mail(c.email)}</li>`,
        `<li><strong>Đơn hàng:</strong> ${mail(c.ordersEmail)}</li></ul>`,
        '<h3>Giờ mở cửa</h3>',
        '<ul><li>Thứ Hai - Thứ Sáu: 6:00-16:00</li><li>Thứ Bảy: 7:00-12:00</li><li>Chủ nhật và ngày lễ: nghỉ</li></ul>',
        '<h3>Nhân viên kinh doanh</h3>',
        '<p>Mỗi đối tác có một nhân viên kinh doanh riêng, hỗ trợ đặt hàng, thống nhất ngày giao và giá riêng. Thông tin liên hệ có trong e-mail xác nhận đơn hàng.</p>',
        '<p>Chúng tôi hỗ trợ bằng tiếng Hungary, tiếng Anh, tiếng Việt và tiếng Trung.</p>',
      ].join(''),
    },
    zh: {
      title: '联系我们',
      description: [
        `<h2>${c.name}</h2>`,
        `<p>仓库及办公室：${c.address}，匈牙利</p>`,
        `<ul><li><strong>电话：</strong>${tel}</li><li><strong>一般咨询：</strong>${mail(c.email)}</li>`,
        `<li><strong>订单：</strong>${mail(c.ordersEmail)}</li></ul>`,
        '<h3>营业时间</h3>',
        '<ul><li>周一至周五：6:00-16:00</li><li>周六：7:00-12:00</li><li>周日及法定节假日：休息</li></ul>',
        '<h3>销售代表</h3>',
        '<p>每位合作伙伴都有专属销售代表，协助下单、确认送货日期和个别价格。其联系方式见订单确认邮件。</p>',
        '<p>我们可以用匈牙利语、英语、越南语和中文为您服务。</p>',
      ].join(''),
    },
  },
};

const privacy: ContentPageDef = {
  path: 'privacy-policy',
  sortOrder: 40,
  texts: {
    hu: {
      title: 'Adatvédelmi tájékoztató',
      description: [
        `<p>Adatkezelő: ${c.name} (${c.address}, ${mail(c.privacyEmail)}). Az adatokat az általános adatvédelmi rendelet (GDPR) szerint kezeljük.</p>`,
        '<h2>Milyen adatokat tárolunk?</h2>',
        '<ul><li><strong>Fiókadatok:</strong> e-mail-cím, név, telefonszám, a jelszó kizárólag visszafejthetetlen (argon2) lenyomatként, választott nyelv, a fiók állapota (megerősítés, jóváhagyás).</li>',
        '<li><strong>Cégadatok:</strong> cégnév, adószám, cégjegyzékszám, számlázási cím, szállítási címek, üzletkötő, engedélyezett fizetési módok.</li>',
        '<li><strong>Rendelések:</strong> tételek, mennyiségek, árak, szállítási és fizetési mód, szállítási nap, megjegyzések, valamint a rendeléskori számlázási és szállítási adatok.</li>',
        '<li><strong>Kosár:</strong> a kosár tartalma és a pénztárban választott beállítások a rendelés leadásáig vagy a kosár törléséig.</li>',
        '<li><strong>Oldalmegtekintések:</strong> az első utáni minden navigációnál egy bejegyzés az oldal útvonalával (a keresőszavakkal együtt; az e-mailben kapott linkek kódjait nem), a nyelvvel és az időponttal. A felhasználó azonosítóját csak akkor tároljuk hozzá, ha bejelentkezett és elfogadta az analitikai sütiket; enélkül a bejegyzés névtelen. IP-címet és eszközazonosítót nem tárolunk hozzá.</li>',
        '<li><strong>Technikai naplók:</strong> a szerver a hibák kivizsgálásához és a visszaélések (például a túl sok kérés) kiszűréséhez naplózza a kéréseket az IP-címmel és az időponttal.</li>',
        '<li><strong>Biztonsági adatok:</strong> a sikertelen bejelentkezések száma és ideje a fiókok védelmére.</li></ul>',
        '<h2>Mit tárol a böngészője?</h2>',
        '<p>A böngésző helyi tárolójában (localStorage) tároljuk a választott nyelvet, a süti-hozzájárulás döntését, bejelentkezéskor a belépési tokent, valamint kényelmi beállításokat (például az oldalankénti termékszámot és a hírek utolsó megjelenítésének idejét). Harmadik féltől származó, hirdetési vagy követő sütiket nem használunk.</p>',
        '<h2>Jogalap és megőrzési idő</h2>',
        '<ul><li>Fiók-, cég- és rendelési adatok: szerződés teljesítése (GDPR 6. cikk (1) b)); a számviteli bizonylatokat a számviteli törvény szerint 8 évig őrizzük.</li>',
        '<li>Analitikai adatok felhasználóhoz kötve: hozzájárulás (6. cikk (1) a)), amely bármikor visszavonható; az oldalmegtekintéseket 12 hónap után töröljük.</li>',
        '<li>Biztonsági adatok: jogos érdek (6. cikk (1) f)).</li></ul>',
        '<h2>Az Ön jogai</h2>',
        `<p>Kérhet tájékoztatást, helyesbítést, törlést, az adatkezelés korlátozását, adathordozhatóságot, és tiltakozhat az adatkezelés ellen: írjon a ${mail(c.privacyEmail)} címre. Panaszával a Nemzeti Adatvédelmi és Információszabadság Hatósághoz fordulhat (${naih}).</p>`,
      ].join(''),
    },
    en: {
      title: 'Privacy policy',
      description: [
        `<p>Controller: ${c.name} (${c.address}, Hungary, ${mail(c.privacyEmail)}). We process personal data under the General Data Protection Regulation (GDPR).</p>`,
        '<h2>What we store</h2>',
        '<ul><li><strong>Account data:</strong> e-mail address, name, phone number, your password only as an irreversible (argon2) hash, chosen language, account status (confirmation, approval).</li>',
        '<li><strong>Company data:</strong> company name, tax number, company registration number, billing address, shipping addresses, sales representative, allowed payment methods.</li>',
        '<li><strong>Orders:</strong> items, quantities, prices, shipping and payment method, delivery day, comments, and the billing and shipping data as they were at the time of the order.</li>',
        '<li><strong>Cart:</strong> the contents of your cart and your checkout choices until you place the order or delete the cart.</li>',
        '<li><strong>Page views:</strong> from the second navigation on, one record per navigation with the page path, the language and the time (the path includes search words, but not the codes of e-mailed links). Your user id is stored with it only if you are logged in and accepted analytics cookies; otherwise the record is anonymous. We store no IP address or device identifier with it.</li>',
        '<li><strong>Technical logs:</strong> the server logs requests with the IP address and the time to investigate errors and to stop abuse (such as too many requests).</li>',
        '<li><strong>Security data:</strong> the number and time of failed logins, to protect accounts.</li></ul>',
        '<h2>What your browser stores</h2>',
        '<p>Your browser storage (localStorage) keeps your chosen language, your cookie consent choice, the login token while you are logged in, and convenience settings (such as products per page and when the news was last shown). We use no third-party, advertising or tracking cookies.</p>',
        '<h2>Legal basis and retention</h2>',
        '<ul><li>Account, company and order data: performance of a contract (GDPR Art. 6(1)(b)); accounting records are kept for 8 years as the Hungarian Accounting Act requires.</li>',
        '<li>Analytics linked to a user: consent (Art. 6(1)(a)), which you can withdraw at any time; page views are deleted after 12 months.</li>',
        '<li>Security data: legitimate interest (Art. 6(1)(f)).</li></ul>',
        '<h2>Your rights</h2>',
        `<p>You may ask for access, rectification, erasure, restriction and data portability, and you may object to processing: write to ${mail(c.privacyEmail)}. You can lodge a complaint with the Hungarian National Authority for Data Protection and Freedom of Information (${naih}).</p>`,
      ].join(''),
    },
    vi: {
      title: 'Chính sách bảo mật',
      description: [
        `<p>Bên kiểm soát dữ liệu: ${c.name} (${c.address}, Hungary, ${mail(c.privacyEmail)}). Chúng tôi xử lý dữ liệu cá nhân theo Quy định chung về bảo vệ dữ liệu (GDPR).</p>`,
        '<h2>Chúng tôi lưu những dữ liệu nào?</h2>',
        '<ul><li><strong>Dữ liệu tài khoản:</strong> địa chỉ e-mail, tên, số điện thoại, mật khẩu chỉ ở dạng mã băm không thể giải ngược (argon2), ngôn ngữ đã chọn, trạng thái tài khoản (xác nhận, phê duyệt).</li>',
        '<li><strong>Dữ liệu công ty:</strong> tên công ty, mã số thuế, số đăng ký kinh doanh, địa chỉ xuất hóa đơn, địa chỉ giao hàng, nhân viên kinh doanh phụ trách, các phương thức thanh toán được phép.</li>',
        '<li><strong>Đơn hàng:</strong> mặt hàng, số lượng, giá, phương thức giao hàng và thanh toán, ngày giao, ghi chú, cùng thông tin xuất hóa đơn và giao hàng tại thời điểm đặt.</li>',
        '<li><strong>Giỏ hàng:</strong> nội dung giỏ hàng và các lựa chọn khi thanh toán cho đến khi đặt hàng hoặc xóa giỏ.</li>',
        '<li><strong>Lượt xem trang:</strong> từ lần chuyển trang thứ hai trở đi, mỗi lần lưu một bản ghi gồm đường dẫn trang (kể cả từ khóa tìm kiếm, nhưng không gồm mã trong các đường link gửi qua e-mail), ngôn ngữ và thời gian. Mã người dùng chỉ được lưu kèm nếu quý khách đã đăng nhập và đồng ý cookie phân tích; nếu không, bản ghi là ẩn danh. Chúng tôi không lưu địa chỉ IP hay mã thiết bị kèm theo.</li>',
        '<li><strong>Nhật ký kỹ thuật:</strong> máy chủ ghi lại các yêu cầu cùng địa chỉ IP và thời gian để điều tra lỗi và ngăn chặn lạm dụng (ví dụ quá nhiều yêu cầu).</li>',
        '<li><strong>Dữ liệu bảo mật:</strong> số lần và thời điểm đăng nhập thất bại, nhằm bảo vệ tài khoản.</li></ul>',
        '<h2>Trình duyệt của quý khách lưu gì?</h2>',
        '<p>Bộ nhớ trình duyệt (localStorage) lưu ngôn ngữ đã chọn, lựa chọn đồng ý cookie, mã đăng nhập khi đang đăng nhập và một số thiết lập tiện ích (như số sản phẩm mỗi trang, thời điểm hiển thị tin tức gần nhất). Chúng tôi không dùng cookie của bên thứ ba, cookie quảng cáo hay theo dõi.</p>',
        '<h2>Cơ sở pháp lý và thời hạn lưu trữ</h2>',
        '<ul><li>Dữ liệu tài khoản, công ty và đơn hàng: thực hiện hợp đồng (Điều 6(1)(b) GDPR); chứng từ kế toán được lưu 8 năm theo Luật Kế toán Hungary.</li>',
        '<li>Dữ liệu phân tích gắn với người dùng: sự đồng ý (Điều 6(1)(a)), có thể rút lại bất cứ lúc nào; lượt xem trang bị xóa sau 12 tháng.</li>',
        '<li>Dữ liệu bảo mật: lợi ích hợp pháp (Điều 6(1)(f)).</li></ul>',
        '<h2>Quyền của quý khách</h2>',
        `<p>Quý khách có quyền yêu cầu truy cập, chỉnh sửa, xóa, hạn chế xử lý, chuyển dữ liệu và phản đối việc xử lý: vui lòng gửi thư đến ${mail(c.privacyEmail)}. Quý khách có thể khiếu nại với Cơ quan Bảo vệ Dữ liệu và Tự do Thông tin Quốc gia Hungary (${naih}).</p>`,
      ].join(''),
    },
    zh: {
      title: '隐私政策',
      description: [
        `<p>数据控制者：${c.name}（${c.address}，匈牙利，${mail(c.privacyEmail)}）。我们依据《通用数据保护条例》（GDPR）处理个人数据。</p>`,
        '<h2>我们存储哪些数据？</h2>',
        '<ul><li><strong>账户数据：</strong>电子邮箱、姓名、电话号码、仅以不可逆哈希（argon2）形式保存的密码、所选语言、账户状态（确认、审核）。</li>',
        '<li><strong>公司数据：</strong>公司名称、税号、公司注册号、开票地址、收货地址、负责的销售代表、允许使用的付款方式。</li>',
        '<li><strong>订单：</strong>商品、数量、价格、配送和付款方式、送货日期、备注，以及下单时的开票和收货信息。</li>',
        '<li><strong>购物车：</strong>购物车内容及结账时的选择，保存至下单或清空购物车为止。</li>',
        '<li><strong>页面浏览：</strong>从第二次页面跳转起，每次记录一条，包括页面路径（含搜索词，但不含邮件链接中的验证码）、语言和时间。仅当您已登录并同意分析类Cookie时才同时记录用户编号，否则记录为匿名。我们不随之记录IP地址或设备标识。</li>',
        '<li><strong>技术日志：</strong>服务器会记录请求及其IP地址和时间，用于排查错误和防止滥用（例如请求过多）。</li>',
        '<li><strong>安全数据：</strong>登录失败的次数和时间，用于保护账户。</li></ul>',
        '<h2>您的浏览器存储什么？</h2>',
        '<p>浏览器本地存储（localStorage）保存您选择的语言、Cookie同意选择、登录期间的登录令牌以及便利设置（如每页商品数、新闻上次显示时间）。我们不使用第三方、广告或追踪类Cookie。</p>',
        '<h2>法律依据和保存期限</h2>',
        '<ul><li>账户、公司和订单数据：履行合同（GDPR第6条第1款b项）；会计凭证依据匈牙利会计法保存8年。</li>',
        '<li>与用户关联的分析数据：基于同意（第6条第1款a项），可随时撤回；页面浏览记录在12个月后删除。</li>',
        '<li>安全数据：合法利益（第6条第1款f项）。</li></ul>',
        '<h2>您的权利</h2>',
        `<p>您可以要求查阅、更正、删除、限制处理和数据可携，并可反对数据处理：请致函 ${mail(c.privacyEmail)}。您也可以向匈牙利国家数据保护与信息自由管理局投诉（${naih}）。</p>`,
      ].join(''),
    },
  },
};

export const CONTENT_PAGES: ContentPageDef[] = [legal, howToBuy, contact, privacy];

export const NEWS_TEXTS: Record<Language, PageText> = {
  hu: {
    title: 'Új termékek érkeztek',
    description:
      '<p>Megérkeztek az új ázsiai és szezonális termékek! Nézze meg friss kínálatunkat: rizstészták, szószok, fagyasztott gombócok és még sok más.</p><p>Kérdéseivel forduljon bizalommal üzletkötőjéhez.</p>',
  },
  en: {
    title: 'New arrivals',
    description:
      '<p>New Asian and seasonal products have arrived! Have a look at our fresh range: rice noodles, sauces, frozen dumplings and much more.</p><p>Your sales representative is happy to answer your questions.</p>',
  },
  vi: {
    title: 'Hàng mới về',
    description:
      '<p>Hàng châu Á và hàng theo mùa mới đã về! Mời quý khách xem các sản phẩm mới: bánh phở, nước chấm, há cảo đông lạnh và nhiều mặt hàng khác.</p><p>Nhân viên kinh doanh luôn sẵn sàng giải đáp thắc mắc của quý khách.</p>',
  },
  zh: {
    title: '新品到货',
    description:
      '<p>全新亚洲商品和季节性商品已到货！欢迎浏览最新商品：米粉、酱料、冷冻饺子等。</p><p>如有任何问题，请联系您的销售代表。</p>',
  },
};
