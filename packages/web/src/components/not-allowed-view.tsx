import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeading } from './page-heading';

/** Shown to anonymous visitors on pages that need a login (docs/product.md §6). */
export function NotAllowedView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box sx={{ maxWidth: 640, py: 4 }}>
      <LockOutlined sx={{ fontSize: 48, color: 'primary.main', mb: 1 }} aria-hidden />
      <PageHeading>{t('notAllowed.title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('notAllowed.text')}</Typography>
      <Button variant="contained" onClick={() => void navigate('/login')}>
        {t('notAllowed.login')}
      </Button>
    </Box>
  );
}
