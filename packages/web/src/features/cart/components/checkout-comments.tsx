import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { COMMENT_MAX_LENGTH, type CartComments } from '@shop/shared/contracts/cart';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveComments } from '../api/checkout-mutations';
import { useCartComments } from '../api/checkout-queries';
import { toastStore } from '../../../lib/toast-store';

/** How long typing must pause before the comments are saved. */
export const COMMENT_SAVE_DELAY_MS = 800;

function CommentFields({ initial }: { initial: CartComments }) {
  const { t } = useTranslation();
  const { mutate } = useSaveComments();
  const [comments, setComments] = useState<CartComments>(initial);
  // The last save failed: both fields are marked invalid and say so (aria-describedby).
  const [failed, setFailed] = useState(false);
  const saveError = t('checkout.saveCommentsError');
  const saved = useRef<CartComments>(initial);
  const latest = useRef<CartComments>(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const current = latest.current;
    if (
      current.commentWebshop === saved.current.commentWebshop &&
      current.commentSupplier === saved.current.commentSupplier
    )
      return;
    saved.current = current;
    mutate(current, {
      onSuccess: () => setFailed(false),
      onError: () => {
        // Try again with the next change or blur; meanwhile the fields show the error.
        saved.current = { commentWebshop: '\u0000', commentSupplier: '\u0000' };
        setFailed(true);
      },
    });
  }, [mutate]);

  // Save what is still pending when the page is left.
  useEffect(() => () => flush(), [flush]);

  const change = (field: keyof CartComments, value: string) => {
    latest.current = { ...latest.current, [field]: value };
    setComments(latest.current);
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, COMMENT_SAVE_DELAY_MS);
  };

  // Plain textareas of fixed height (they scroll): MUI's auto-growing ones add hidden mirror fields
  // without an id or a name, which Chromium reports as an issue (Lighthouse best practices).
  const commentField = (field: keyof CartComments, help?: string) => (
    <TextField
      label={t(`checkout.${field}`)}
      multiline
      rows={3}
      fullWidth
      value={comments[field]}
      onChange={(event) => change(field, event.target.value)}
      onBlur={flush}
      error={failed}
      // A failed save is said first, before the field's own help.
      helperText={[failed ? saveError : undefined, help].filter(Boolean).join(' ') || undefined}
      slotProps={{ input: { inputComponent: 'textarea' }, htmlInput: { maxLength: COMMENT_MAX_LENGTH } }}
    />
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {commentField('commentWebshop')}
      {commentField('commentSupplier', t('checkout.commentSupplierHelp'))}
    </Box>
  );
}

/** The note for the shop and the comment for the supplier, saved (debounced) as they change. */
export function CheckoutComments() {
  const comments = useCartComments();
  const failed = useRef(false);
  useEffect(() => {
    if (comments.isError && !failed.current) {
      failed.current = true;
      toastStore.show('error', { key: 'checkout.loadCommentsError' });
    }
  }, [comments.isError]);
  if (!comments.data) return null;
  return <CommentFields initial={comments.data} />;
}
