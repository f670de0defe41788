import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { AdminLoginResponse } from '@shop/shared/contracts/admin-auth';
import { translateError } from '../lib/api-client';
import { useAdminApi } from './admin-api';
import { adminAuthStore, useAdminAuth } from './admin-auth-store';
import { useAdminCommonMessages } from './admin-i18n';

/** The back office's own login (administrators and staff; customers and agents are refused). */
export function AdminLoginPage() {
  const { t } = useAdminCommonMessages();
  const { t: tShop } = useTranslation();
  const api = useAdminApi();
  const auth = useAdminAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [expired] = useState(() => adminAuthStore.takeSignOutReason() === 'expired');

  useEffect(() => {
    document.title = `${t('login.title')} · ${t('layout.title')}`;
  }, [t]);

  const login = useMutation({
    mutationFn: () =>
      api.post<AdminLoginResponse>('/admin/auth/login', { email, password }, { retry: false }),
    onSuccess: (result) => {
      if (adminAuthStore.signIn(result.access_token, result.session))
        void navigate('/admin', { replace: true });
    },
  });

  if (auth) return <Navigate to="/admin" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!email.trim() || !password) return;
    login.mutate();
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, width: '100%', maxWidth: 420 }}>
        <form onSubmit={submit} noValidate>
          <Stack spacing={2}>
            <Typography variant="overline" component="p">
              {t('layout.title')}
            </Typography>
            <Typography variant="h1">{t('login.title')}</Typography>
            {expired ? <Alert severity="info">{t('login.expired')}</Alert> : null}
            {login.error ? <Alert severity="error">{translateError(tShop, login.error)}</Alert> : null}
            <TextField
              label={t('login.email')}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
              error={touched && !email.trim()}
              helperText={touched && !email.trim() ? t('login.required') : undefined}
              autoFocus
            />
            <TextField
              label={t('login.password')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
              error={touched && !password}
              helperText={touched && !password ? t('login.required') : undefined}
            />
            <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Box>
  );
}
