import { Route, Routes } from 'react-router';
import type { CustomerDetail } from '@shop/shared/contracts/admin-customers';
import { type Answer, jsonResponse, renderAdmin } from '../../test/render-admin';
import { CustomerDetailPage } from './customer-detail';

/**
 * Component tests: the customer detail page at /admin/customers/5, its GET answered with `detail`
 * and every other call with `answer` (undefined: 404).
 */
export function renderCustomerDetail(detail: CustomerDetail, answer: Answer = () => undefined) {
  return renderAdmin(
    <Routes>
      <Route path="/admin/customers/:userId" element={<CustomerDetailPage />} />
    </Routes>,
    (url, init) => (url === '/api/admin/customers/5' ? jsonResponse(200, detail) : answer(url, init)),
    '/admin/customers/5',
  );
}
