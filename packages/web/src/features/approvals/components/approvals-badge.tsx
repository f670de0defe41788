import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useQuery } from '@tanstack/react-query';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { loadMessages } from '../../../i18n/i18n';
import { useApiClient } from '../../../lib/api-client-context';
import { APPROVAL_KEYS } from '../api/approvals-api';

/**
 * The header's badge for owners and approvers (issue 15): how many order requests wait for their
 * decision, a link to /profile/approvals. Loaded lazily by the header (the first page's budget),
 * it shows nothing while the count is 0. A decision refreshes it (same query key prefix).
 */
// Its label's namespace loads with it (the header's loader stays as small as possible).
const messages = loadMessages('account');

export default function ApprovalsBadge() {
  use(messages);
  const { t } = useTranslation();
  const api = useApiClient();
  const count = useQuery({
    queryKey: APPROVAL_KEYS.pendingCount,
    queryFn: ({ signal }) =>
      api.get<{ pendingCount: number }>('/company/approvals/pending-count', { signal }),
    refetchInterval: 120_000,
    staleTime: 30_000,
  });
  const pending = count.data?.pendingCount ?? 0;
  if (pending <= 0) return null;
  const label = t('approvals.badge', { count: pending });
  return (
    <IconButton
      color="inherit"
      component={RouterLink}
      to="/profile/approvals"
      aria-label={label}
      title={label}
      data-testid="approvals-badge"
    >
      <Badge badgeContent={pending} color="error" max={99}>
        <FactCheckOutlined />
      </Badge>
    </IconButton>
  );
}
