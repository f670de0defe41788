import { Route, Routes } from 'react-router';
import { CustomerDetailPage } from './customer-detail';
import { CustomerList } from './customer-list';

/** Customers and agents: the list, and one account's page. */
export default function CustomersPage() {
  return (
    <Routes>
      <Route index element={<CustomerList />} />
      <Route path=":userId" element={<CustomerDetailPage />} />
    </Routes>
  );
}
