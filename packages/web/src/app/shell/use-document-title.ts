import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteHandle } from '../../lib/route-handle';

/** "<page title> | <shop name>" from the route meta; content pages set their own. */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const appName = t('app.name');
  const title = handle.title ? t(handle.title) : null;
  const own = handle.ownDocumentTitle === true;
  useEffect(() => {
    if (own) return;
    document.title = title ? `${title} | ${appName}` : appName;
  }, [own, title, appName]);
}
