import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbortError } from '../../../lib/api-client';
import { toastStore } from '../../../lib/toast-store';
import { useProfileData, type ProfileView } from '../hooks/use-profile-data';

const EMPTY = '—';

type FieldKey = keyof ProfileView;

const FIELDS = [
  { key: 'agentName', label: 'profile.agentName' },
  { key: 'name', label: 'profile.name' },
  { key: 'email', label: 'auth.email' },
  { key: 'phone', label: 'registration.phone' },
  { key: 'taxNumber', label: 'registration.taxNumber' },
  { key: 'companyRegistrationNumber', label: 'registration.companyRegistrationNumber' },
] as const satisfies readonly { key: FieldKey; label: string }[];

/**
 * /profile, own data (docs/product.md §2), read-only: the agent's name (agents only), name or company
 * name, e-mail, phone, tax number and company registration number. A load failure shows the
 * profile-data error toast (docs/product.md §8).
 */
export function ProfileDataPage() {
  const { t } = useTranslation();
  const state = useProfileData();
  const failed = state.status === 'error' && !isAbortError(state.error);

  useEffect(() => {
    if (failed) toastStore.show('error', { key: 'toasts.profile_load_error' });
  }, [failed]);

  if (state.status === 'pending') {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{t('profile.loading')}</Typography>
      </Box>
    );
  }
  if (state.status === 'error') {
    return (
      <Alert severity="error" sx={{ maxWidth: 720 }}>
        {t('toasts.profile_load_error')}
      </Alert>
    );
  }

  const { view, noCustomer } = state;
  const fields = FIELDS.filter(
    (field) =>
      (field.key !== 'agentName' || view.agentName !== null) && !(noCustomer && field.key !== 'agentName'),
  );
  return (
    <Box sx={{ maxWidth: 960 }}>
      {noCustomer && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('profile.noCustomer')}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          gap: 2,
        }}
      >
        {fields.map((field) => (
          <TextField
            key={field.key}
            label={t(field.label)}
            value={view[field.key] ?? EMPTY}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        ))}
      </Box>
    </Box>
  );
}
