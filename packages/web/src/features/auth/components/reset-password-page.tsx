import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { ComingSoonView } from '../../../components/coming-soon-view';
import { PageHeading } from '../../../components/page-heading';

/** /user/:userId/reset-password/:resetPasswordCode — set a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <Box component="section">
      <PageHeading>{t('routes.resetPassword')}</PageHeading>
      <ComingSoonView />
    </Box>
  );
}
