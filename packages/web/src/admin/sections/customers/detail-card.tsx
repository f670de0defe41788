import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import type { CustomerDetail, UpdateCustomerRequest } from '@shop/shared/contracts/admin-customers';
import { useAdminApi } from '../../admin-api';
import { useAdminCommonMessages } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { useFocusFirstInvalid } from '../../components/form-dialog';

/**
 * A titled card of the customer page; with `onSubmit` it is a form with a Save button (Enter or the
 * button saves), disabled while `busy`.
 */
export function DetailCard({
  title,
  children,
  onSubmit,
  busy = false,
  shown = 0,
}: {
  title: string;
  children: ReactNode;
  onSubmit?: () => void;
  busy?: boolean;
  /** The form's `errors.shown`: the first invalid field gets the focus each time errors show. */
  shown?: number;
}) {
  const { t } = useAdminCommonMessages();
  const formRef = useFocusFirstInvalid(shown);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  const body = (
    <>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>
        {children}
        {onSubmit ? (
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('common.save')}
            </Button>
          </Box>
        ) : null}
      </Stack>
    </>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      {onSubmit ? (
        <form ref={formRef} onSubmit={submit} noValidate>
          {body}
        </form>
      ) : (
        body
      )}
    </Paper>
  );
}

/**
 * Saves a change of the account (PATCH); the answer replaces the page's data. `onFieldError`
 * shows a refusal that names a field under it (true when it did), otherwise a toast tells.
 */
export function useSaveCustomer(userId: number, onFieldError?: (error: unknown) => boolean) {
  const api = useAdminApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: UpdateCustomerRequest) =>
      api.patch<CustomerDetail>(`/admin/customers/${userId}`, patch, { retry: false }),
    onSuccess: (detail) => {
      queryClient.setQueryData(['admin', 'customer', userId], detail);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] });
      toast.done('admin:common.saved');
    },
    onError: (error) => {
      if (!onFieldError?.(error)) toast.apiError(error);
    },
  });
}
