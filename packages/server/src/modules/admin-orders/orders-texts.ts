import type { Language } from '@shop/shared/i18n/languages';
import type { OrderStatus } from '@shop/shared/rules/order-status';

/** The CSV export's column titles and status names in the staff member's language. */
export interface OrdersExportTexts {
  columns: {
    id: string;
    createdAt: string;
    status: string;
    customer: string;
    email: string;
    agent: string;
    shippingMethod: string;
    paymentMethod: string;
    /** Issue 16. */
    purchaseOrderNumber: string;
    deliveryDate: string;
    lines: string;
    itemsNet: string;
    itemsGross: string;
    logistics: string;
    shipping: string;
    total: string;
  };
  statuses: Record<OrderStatus, string>;
  fileBase: string;
}

export const ORDERS_EXPORT_TEXTS: Record<Language, OrdersExportTexts> = {
  hu: {
    columns: {
      id: 'Rendelésszám',
      createdAt: 'Rendelés ideje',
      status: 'Állapot',
      customer: 'Vevő',
      email: 'E-mail',
      agent: 'Üzletkötő',
      shippingMethod: 'Szállítási mód',
      paymentMethod: 'Fizetési mód',
      purchaseOrderNumber: 'Megrendelésszám (PO)',
      deliveryDate: 'Szállítási nap',
      lines: 'Tételek',
      itemsNet: 'Nettó (Ft)',
      itemsGross: 'Bruttó (Ft)',
      logistics: 'Logisztikai költség (Ft)',
      shipping: 'Szállítási díj (Ft)',
      total: 'Végösszeg (Ft)',
    },
    statuses: {
      new: 'Új',
      confirmed: 'Visszaigazolva',
      processing: 'Feldolgozás alatt',
      shipped: 'Kiszállítva',
      completed: 'Teljesítve',
      cancelled: 'Törölve',
    },
    fileBase: 'rendelesek',
  },
  en: {
    columns: {
      id: 'Order number',
      createdAt: 'Ordered at',
      status: 'Status',
      customer: 'Customer',
      email: 'E-mail',
      agent: 'Sales agent',
      shippingMethod: 'Shipping method',
      paymentMethod: 'Payment method',
      purchaseOrderNumber: 'Purchase-order number',
      deliveryDate: 'Delivery day',
      lines: 'Lines',
      itemsNet: 'Net (HUF)',
      itemsGross: 'Gross (HUF)',
      logistics: 'Logistics cost (HUF)',
      shipping: 'Shipping cost (HUF)',
      total: 'Total (HUF)',
    },
    statuses: {
      new: 'New',
      confirmed: 'Confirmed',
      processing: 'Processing',
      shipped: 'Shipped',
      completed: 'Completed',
      cancelled: 'Cancelled',
    },
    fileBase: 'orders',
  },
  vi: {
    columns: {
      id: 'Số đơn hàng',
      createdAt: 'Thời gian đặt',
      status: 'Trạng thái',
      customer: 'Khách hàng',
      email: 'E-mail',
      agent: 'Nhân viên kinh doanh',
      shippingMethod: 'Phương thức vận chuyển',
      paymentMethod: 'Phương thức thanh toán',
      purchaseOrderNumber: 'Số đơn đặt hàng (PO)',
      deliveryDate: 'Ngày giao hàng',
      lines: 'Số dòng',
      itemsNet: 'Chưa thuế (HUF)',
      itemsGross: 'Gồm thuế (HUF)',
      logistics: 'Chi phí hậu cần (HUF)',
      shipping: 'Phí vận chuyển (HUF)',
      total: 'Tổng cộng (HUF)',
    },
    statuses: {
      new: 'Mới',
      confirmed: 'Đã xác nhận',
      processing: 'Đang xử lý',
      shipped: 'Đã giao vận',
      completed: 'Hoàn tất',
      cancelled: 'Đã hủy',
    },
    fileBase: 'don-hang',
  },
  zh: {
    columns: {
      id: '订单号',
      createdAt: '下单时间',
      status: '状态',
      customer: '客户',
      email: '电子邮件',
      agent: '销售代表',
      shippingMethod: '配送方式',
      paymentMethod: '付款方式',
      purchaseOrderNumber: '采购订单号（PO）',
      deliveryDate: '送货日期',
      lines: '行数',
      itemsNet: '净额（福林）',
      itemsGross: '含税金额（福林）',
      logistics: '物流费用（福林）',
      shipping: '运费（福林）',
      total: '总计（福林）',
    },
    statuses: {
      new: '新订单',
      confirmed: '已确认',
      processing: '处理中',
      shipped: '已发货',
      completed: '已完成',
      cancelled: '已取消',
    },
    fileBase: 'orders',
  },
};
