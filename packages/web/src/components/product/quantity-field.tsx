import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { PackSize, Product } from '@shop/shared/contracts/products';
import { formatNumber } from '@shop/shared/format/format';
import { correctQuantity, type QuantityRuleProduct } from '@shop/shared/rules/quantity-correction';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toastStore, useToast, type ToastStore } from '../../lib/toast-store';
import { stepPacks } from './product-helpers';

export interface QuantityFieldProps {
  product: QuantityRuleProduct & Pick<Product, 'packSizes' | 'sku'>;
  /** Pieces. */
  value: number;
  /** Called with the corrected quantity. */
  onChange: (quantity: number) => void;
  /** The pack the steppers add or take away. */
  stepPack: PackSize;
  onStepPackChange: (pack: PackSize) => void;
  disabled?: boolean;
  toasts?: ToastStore;
}

/** Reads what the buyer typed: digits (spaces as thousands separators allowed); else null. */
export function parseQuantity(text: string): number | null {
  const digits = text.replace(/[\s\u00a0]/g, '');
  if (!/^\d{1,7}$/.test(digits)) return null;
  return Number(digits);
}

/**
 * The quantity field with pack-size steppers (docs/product.md §5): a typed quantity (on Enter or when
 * the field is left) and every stepper click go through the shared quantity-correction rule at
 * once; its warnings show as warning toasts. 0 means "not in the cart".
 */
export function QuantityField({
  product,
  value,
  onChange,
  stepPack,
  onStepPackChange,
  disabled = false,
  toasts = toastStore,
}: QuantityFieldProps) {
  const { t } = useTranslation();
  const toast = useToast(toasts);
  const inputId = useId();
  const selectId = useId();
  // What the buyer is typing; null shows the value.
  const [draft, setDraft] = useState<string | null>(null);
  const packs = stepPacks(product);
  const unitName = t(`product.units.${stepPack.unit}`);

  const apply = (requested: number) => {
    setDraft(null);
    const result = correctQuantity(product, requested);
    for (const warning of result.warnings) toast.warning(`toasts.${warning}`);
    onChange(result.quantity);
  };

  const commitDraft = () => {
    if (draft === null) return;
    const parsed = parseQuantity(draft);
    if (parsed === null) {
      setDraft(null);
      return;
    }
    apply(parsed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitDraft();
    }
  };

  const step = (direction: 1 | -1) => {
    const base = draft !== null ? (parseQuantity(draft) ?? value) : value;
    const next = base + direction * stepPack.pieces;
    if (next <= 0) {
      setDraft(null);
      onChange(0);
      return;
    }
    apply(next);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <IconButton
          size="small"
          onClick={() => step(-1)}
          disabled={disabled || value <= 0}
          aria-label={t('product.decrease', { unit: unitName })}
          title={t('product.decrease', { unit: unitName })}
        >
          <Remove fontSize="small" />
        </IconButton>
        <OutlinedInput
          id={inputId}
          size="small"
          value={draft ?? formatNumber(value)}
          disabled={disabled}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commitDraft}
          onKeyDown={onKeyDown}
          inputProps={{
            'aria-label': t('product.quantity'),
            inputMode: 'numeric',
            autoComplete: 'off',
            style: { textAlign: 'center', width: '5.5ch', padding: '6px 4px' },
          }}
        />
        <IconButton
          size="small"
          onClick={() => step(1)}
          disabled={disabled}
          aria-label={t('product.increase', { unit: unitName })}
          title={t('product.increase', { unit: unitName })}
        >
          <Add fontSize="small" />
        </IconButton>
      </Box>
      {packs.length > 1 && (
        <NativeSelect
          id={selectId}
          value={stepPack.unit}
          disabled={disabled}
          onChange={(event) => {
            const pack = packs.find((candidate) => candidate.unit === event.target.value);
            if (pack) onStepPackChange(pack);
          }}
          inputProps={{ 'aria-label': t('product.stepUnit') }}
          sx={{ fontSize: '0.875rem', maxWidth: '100%' }}
        >
          {packs.map((pack) => (
            <option key={pack.unit} value={pack.unit}>
              {t('product.packOption', {
                unit: t(`product.units.${pack.unit}`),
                count: pack.pieces,
              })}
            </option>
          ))}
        </NativeSelect>
      )}
    </Box>
  );
}
