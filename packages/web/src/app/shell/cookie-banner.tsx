import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { setCookieConsent, useCookieConsent } from '../../lib/cookie-consent';

/** Shown until the visitor accepts or declines; the choice is kept in localStorage `cookie_consent`. */
export function CookieBanner() {
  const { t } = useTranslation();
  const consent = useCookieConsent();
  const titleId = useId();
  if (consent !== null) return null;
  return (
    <Box
      // A server-rendered page hides it at once for a visitor who has answered (ssr-pages.ts).
      data-cookie-banner=""
      component="section"
      aria-labelledby={titleId}
      sx={{
        bgcolor: 'background.paper',
        boxShadow: 8,
        // Sticky at the end of the page: it floats over the content while scrolling, but never
        // hides the footer once the page is scrolled to the end.
        position: 'sticky',
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar + 2,
        borderTop: 4,
        borderColor: 'primary.light',
        px: { xs: 2, md: 3, lg: 4 },
        py: 2,
      }}
    >
      <Box
        sx={{
          maxWidth: 2560,
          mx: 'auto',
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { xs: 'stretch', md: 'center' },
          gap: 2,
        }}
      >
        <Box sx={{ flex: 1 }}>
          <Typography id={titleId} component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
            {t('cookies.title')}
          </Typography>
          <Typography variant="body2">
            {t('cookies.text')}{' '}
            <Box component={RouterLink} to="/privacy-policy" sx={{ color: 'primary.main', fontWeight: 500 }}>
              {t('cookies.privacyLink')}
            </Box>
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>
          <Button variant="outlined" onClick={() => setCookieConsent('declined')}>
            {t('cookies.decline')}
          </Button>
          <Button variant="contained" onClick={() => setCookieConsent('accepted')}>
            {t('cookies.accept')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
