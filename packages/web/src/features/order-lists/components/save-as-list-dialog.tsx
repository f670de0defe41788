import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SaveAsListDialogProps } from '../../../lib/order-list-slots';
import { useToast } from '../../../lib/toast-store';
import { useCreateOrderList } from '../api/order-lists-api';
import { ListNameDialog } from './list-name-dialog';

/**
 * Saves the cart's lines (`items`) or an order's (`orderId`: the server copies the order's lines)
 * as a new list under the name asked; the new list opens in the profile.
 */
export function SaveAsListDialog({ title, items, orderId, onClose }: SaveAsListDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const create = useCreateOrderList();
  return (
    <ListNameDialog
      open
      title={title}
      submitLabel={t('listActions.save')}
      pending={create.isPending}
      error={create.error}
      onClose={onClose}
      onSubmit={(name) =>
        create.mutate(orderId !== undefined ? { name, fromOrderId: orderId } : { name, items: items ?? [] }, {
          onSuccess: (list) => {
            onClose();
            toast.success('listActions.savedAsList', { name: list.name });
            void navigate(`/profile/order-lists/${list.id}`);
          },
        })
      }
    />
  );
}
