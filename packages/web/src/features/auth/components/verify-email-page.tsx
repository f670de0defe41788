import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { ComingSoonView } from '../../../components/coming-soon-view';
import { PageHeading } from '../../../components/page-heading';

/** /user/:userId/verify/:emailVerificationCode — registration verification. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  return (
    <Box component="section">
      <PageHeading>{t('routes.verifyEmail')}</PageHeading>
      <ComingSoonView />
    </Box>
  );
}
