import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { useAdminMessages, type AdminT, type MessageLoaders } from '../admin-i18n';

/**
 * A section of a filtered list and one record's page (`:param` below the section), shown once the
 * section's messages (`namespace`) have loaded.
 */
export function ListAndDetailRoutes({
  namespace,
  loaders,
  param,
  List,
  Detail,
}: {
  namespace: string;
  loaders: MessageLoaders;
  param: string;
  List: ComponentType<{ t: AdminT }>;
  Detail: ComponentType<{ t: AdminT }>;
}) {
  const { t, ready } = useAdminMessages(namespace, loaders);
  if (!ready) return null;
  return (
    <Routes>
      <Route index element={<List t={t} />} />
      <Route path={`:${param}`} element={<Detail t={t} />} />
    </Routes>
  );
}
