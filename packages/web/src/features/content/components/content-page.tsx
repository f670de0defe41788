import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view';
import { PageHeading } from '../../../components/page-heading';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { contentPathOf } from '../api/content.api';
import { useContentPage } from '../hooks/use-content-page';

function ContentBody({ html }: { html: string }) {
  const navigate = useNavigate();
  const safeHtml = useMemo(() => sanitizeHtml(html), [html]);
  // Links to our own pages stay inside the single-page app.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const href = anchor.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//') || href.startsWith('/api/')) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    <Box
      onClick={onClick}
      sx={{
        maxWidth: 880,
        lineHeight: 1.6,
        '& img': { maxWidth: '100%', height: 'auto' },
        '& table': { borderCollapse: 'collapse', maxWidth: '100%' },
        '& td, & th': { border: 1, borderColor: 'divider', p: 1 },
      }}
      dangerouslySetInnerHTML={{ __html: safeHtml }}
    />
  );
}

/**
 * Any path that is not a screen: loads the static page by its path (docs/product.md §2).
 * Loading, found (title + HTML), or the not-found view (also on any load failure, docs/product.md §8).
 */
export function ContentPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const path = contentPathOf(pathname);
  const query = useContentPage(path);
  const title = query.data?.title;
  const appName = t('app.name');

  useEffect(() => {
    if (title) document.title = `${title} | ${appName}`;
  }, [title, appName]);

  if (path.length === 0 || query.isError) return <NotFoundView />;
  if (query.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6 }}>
        <CircularProgress size={28} aria-hidden />
        <Typography>{t('content.loading')}</Typography>
      </Box>
    );
  }
  return (
    <Box component="article">
      <PageHeading>{query.data.title}</PageHeading>
      <ContentBody html={query.data.description} />
    </Box>
  );
}
