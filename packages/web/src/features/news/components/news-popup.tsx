import Close from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusMainFromClosedDialog } from '../../../lib/focus-main';
import type { CurrentNews } from '@shop/shared/contracts/news';
import { sanitizeHtml } from '../../../lib/sanitize-html';

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
  const { t } = useTranslation();
  const titleId = useId();
  // Sanitised only once the pop-up has opened (a closed dialog renders no content): the shell mounts
  // it on every page, mostly closed, and creating DOMPurify and cleaning the text there was a
  // synchronous render's main-thread time on each page (issue 20). Kept once opened, so the text
  // stays while the dialog fades out.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const html = useMemo(() => (opened ? sanitizeHtml(news.description) : ''), [opened, news.description]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      scroll="paper"
      // The dialog itself takes focus when it opens; the ring belongs on its controls.
      slotProps={{
        paper: { sx: { '&:focus, &:focus-visible': { outline: 'none' } } },
        // It opened by itself, so focus has no opener to return to: it goes to the page.
        transition: { onExited: focusMainFromClosedDialog },
      }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {news.title}
        <IconButton
          aria-label={t('news.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Box
          sx={{ lineHeight: 1.6, '& p:first-of-type': { mt: 0 }, '& p:last-of-type': { mb: 0 } }}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('news.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
