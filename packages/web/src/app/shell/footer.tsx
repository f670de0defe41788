import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ParseKeys } from 'i18next';

type FooterLink = { to: string; label: ParseKeys };

/** Legal pages are content pages (docs/product.md §1); the newspaper and downloads pages likewise. */
const INFORMATION_LINKS: FooterLink[] = [
  { to: '/legal-information', label: 'footer.legalInformation' },
  { to: '/how-to-buy', label: 'footer.howToBuy' },
  { to: '/contact', label: 'footer.contact' },
  { to: '/privacy-policy', label: 'footer.privacyPolicy' },
];

const DOWNLOAD_LINKS: FooterLink[] = [
  { to: '/special-offer', label: 'footer.specialOffer' },
  { to: '/downloads', label: 'footer.downloads' },
];

function LinkGroup({ heading, links }: { heading: ParseKeys; links: FooterLink[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Box>
      <Typography id={headingId} component="h2" sx={{ fontWeight: 700, mb: 1, fontSize: '1rem' }}>
        {t(heading)}
      </Typography>
      <Box
        component="ul"
        aria-labelledby={headingId}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}
      >
        {links.map((link) => (
          <li key={link.to}>
            <Box
              component={RouterLink}
              to={link.to}
              sx={{ color: 'inherit', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
            >
              {t(link.label)}
            </Box>
          </li>
        ))}
      </Box>
    </Box>
  );
}

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ bgcolor: '#2E261D', color: '#F5EFE6', mt: 6 }}>
      <Box sx={{ maxWidth: 2560, mx: 'auto', px: { xs: 2, md: 3, lg: 4 }, py: 4 }}>
        <Box
          component="nav"
          aria-label={t('footer.navLabel')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 3, md: 8 } }}
        >
          <LinkGroup heading="footer.informationHeading" links={INFORMATION_LINKS} />
          <LinkGroup heading="footer.downloadsHeading" links={DOWNLOAD_LINKS} />
        </Box>
        <Typography variant="body2" sx={{ mt: 3, color: '#D9CFC2' }}>
          {t('app.copyright', { year: new Date().getFullYear(), name: t('app.name') })}
        </Typography>
      </Box>
    </Box>
  );
}
