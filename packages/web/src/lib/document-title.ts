import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "<title> | <shop name>" for a page whose route meta says `ownDocumentTitle` (its title depends
 * on data: a category's name, a search term). Nothing while the title is not known yet.
 */
export function usePageDocumentTitle(title: string | null | undefined): void {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    if (title) document.title = `${title} | ${appName}`;
  }, [title, appName]);
}
