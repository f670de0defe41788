import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import type { CurrentNews } from '@shop/shared/contracts/news';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { NewsDialog } from './news-dialog';

/** The news pop-up: the current news item's title and (sanitised) HTML text. */
export function NewsPopup({
  news,
  open,
  onClose,
}: {
  news: CurrentNews;
  open: boolean;
  onClose: () => void;
}) {
  // Sanitised only once the pop-up has opened (a closed dialog renders no content): the shell mounts
  // it on every page, mostly closed, and creating DOMPurify and cleaning the text there was a
  // synchronous render's main-thread time on each page (issue 20). Kept once opened, so the text
  // stays while the dialog fades out.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const html = useMemo(() => (opened ? sanitizeHtml(news.description) : ''), [opened, news.description]);
  return (
    <NewsDialog title={news.title} open={open} onClose={onClose}>
      <Box
        sx={{ lineHeight: 1.6, '& p:first-of-type': { mt: 0 }, '& p:last-of-type': { mb: 0 } }}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </NewsDialog>
  );
}
