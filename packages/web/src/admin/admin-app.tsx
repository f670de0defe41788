import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import type { AdminSession } from '@shop/shared/contracts/admin-auth';
import { AdminApiProvider, useAdminApi } from './admin-api';
import { adminAuthStore, useAdminAuth } from './admin-auth-store';
import { useAdminCommonMessages } from './admin-i18n';
import { AdminLayout } from './admin-layout';
import { AdminLoginPage } from './admin-login-page';
import { adminSections, type AdminSection } from './admin-sections';

function Loading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}

const pages = new Map<string, LazyExoticComponent<ComponentType>>();
function sectionPage(section: AdminSection): LazyExoticComponent<ComponentType> {
  let page = pages.get(section.path);
  if (!page) {
    page = lazy(section.lazy);
    pages.set(section.path, page);
  }
  return page;
}

function SectionTitle({ section }: { section: AdminSection }) {
  const { t } = useAdminCommonMessages();
  useEffect(() => {
    document.title = `${t(section.labelKey)} · ${t('layout.title')}`;
  }, [t, section.labelKey]);
  return null;
}

function NotFound() {
  const { t } = useAdminCommonMessages();
  return (
    <Box sx={{ py: 6 }}>
      <Typography variant="h1" gutterBottom>
        {t('layout.notFound')}
      </Typography>
      <Alert severity="info">{t('layout.notFoundHelp')}</Alert>
    </Box>
  );
}

/** Signed-in part: checks the token once with /admin/auth/me, then the layout and the sections. */
function AdminArea() {
  const auth = useAdminAuth();
  const api = useAdminApi();
  const { ready } = useAdminCommonMessages();
  const me = useQuery({
    queryKey: ['admin', 'me', auth?.token],
    queryFn: ({ signal }) => api.get<AdminSession>('/admin/auth/me', { signal, retry: false }),
    enabled: Boolean(auth),
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (me.data) adminAuthStore.updateSession(me.data);
  }, [me.data]);
  const allowed = useMemo(
    () => adminSections.filter((section) => auth?.session.permissions.includes(section.permission)),
    [auth],
  );
  if (!auth) return <Navigate to="/admin/login" replace />;
  if (!ready) return <Loading />;
  const first = allowed[0];
  return (
    <AdminLayout auth={auth} sections={allowed}>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route index element={first ? <Navigate to={`/admin/${first.path}`} replace /> : <NotFound />} />
          {allowed.map((section) => {
            const Page = sectionPage(section);
            return (
              <Route
                key={section.path}
                path={`${section.path}/*`}
                element={
                  <>
                    <SectionTitle section={section} />
                    <Page />
                  </>
                }
              />
            );
          })}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </AdminLayout>
  );
}

function AdminRoutes() {
  const { ready } = useAdminCommonMessages();
  if (!ready) return <Loading />;
  return (
    <Routes>
      <Route path="login" element={<AdminLoginPage />} />
      <Route path="*" element={<AdminArea />} />
    </Routes>
  );
}

/** The back office under /admin/*: its own lazily loaded chunk, login and API client. */
export function AdminApp() {
  return (
    <AdminApiProvider>
      <AdminRoutes />
    </AdminApiProvider>
  );
}

export default AdminApp;
