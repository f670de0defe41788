import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminCategory, AdminManufacturer, AdminProduct } from '@shop/shared/contracts/admin-catalogue';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { ApiError } from '../../../lib/api-client';
import { useAdminApi } from '../../admin-api';
import type { AdminT } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { FormDialog } from '../../components/form-dialog';
import {
  PACK_UNITS,
  type PackDraft,
  type PriceDraft,
  type ProductDraft,
  draftOf,
  emptyDraft,
  toInput,
} from './product-form';

/** The product editor: names, flags, stock, limits, pack sizes with barcodes, prices and special prices. */
export function ProductDialog({
  t,
  productId,
  onClose,
}: {
  t: AdminT;
  productId: number | null;
  onClose: () => void;
}) {
  const api = useAdminApi();
  const product = useQuery({
    queryKey: ['admin', 'product', productId],
    queryFn: ({ signal }) => api.get<AdminProduct>(`/admin/catalogue/products/${productId}`, { signal }),
    enabled: productId !== null,
  });
  const categories = useQuery({
    queryKey: ['admin', 'categories'],
    queryFn: ({ signal }) => api.get<{ items: AdminCategory[] }>('/admin/catalogue/categories', { signal }),
  });
  const manufacturers = useQuery({
    queryKey: ['admin', 'manufacturers'],
    queryFn: ({ signal }) =>
      api.get<{ items: AdminManufacturer[] }>('/admin/catalogue/manufacturers', { signal }),
  });
  if (productId !== null && !product.data) {
    return null;
  }
  return (
    <ProductForm
      key={product.data?.updatedAt ?? 'new'}
      t={t}
      product={product.data ?? null}
      categories={categories.data?.items ?? []}
      manufacturers={manufacturers.data?.items ?? []}
      onClose={onClose}
    />
  );
}

function ProductForm({
  t,
  product,
  categories,
  manufacturers,
  onClose,
}: {
  t: AdminT;
  product: AdminProduct | null;
  categories: AdminCategory[];
  manufacturers: AdminManufacturer[];
  onClose: () => void;
}) {
  const api = useAdminApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ProductDraft>(() => (product ? draftOf(product) : emptyDraft()));
  const [badField, setBadField] = useState<string | null>(null);
  const set = (changes: Partial<ProductDraft>) => setDraft((d) => ({ ...d, ...changes }));
  const setPack = (index: number, changes: Partial<PackDraft>) =>
    set({ packSizes: draft.packSizes.map((p, i) => (i === index ? { ...p, ...changes } : p)) });
  const setPrice = (index: number, changes: Partial<PriceDraft>) =>
    set({ prices: draft.prices.map((p, i) => (i === index ? { ...p, ...changes } : p)) });

  const save = useMutation({
    mutationFn: (input: ReturnType<typeof toInput>) => {
      if (!('input' in input)) throw new Error('invalid');
      return product
        ? api.put<AdminProduct>(`/admin/catalogue/products/${product.id}`, input.input, { retry: false })
        : api.post<AdminProduct>('/admin/catalogue/products', input.input, { retry: false });
    },
    onSuccess: (saved) => {
      toast.done('admin-products:saved', { sku: saved.sku });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'product'] });
      onClose();
    },
    onError: (error) => {
      toast.apiError(error);
      const field = error instanceof ApiError ? error.params.field : undefined;
      setBadField(typeof field === 'string' ? field : null);
    },
  });

  const submit = () => {
    const result = toInput(draft);
    if ('field' in result) {
      setBadField(result.field);
      return;
    }
    setBadField(null);
    save.mutate(result);
  };
  const bad = (field: string) =>
    badField !== null && (badField === field || badField.startsWith(`${field}.`));
  const categoryName = (c: AdminCategory) =>
    c.translations.find((tr) => tr.language === 'hu')?.name ?? c.slug;
  const unitLabel = (unit: string) => t(`units.${unit}`);

  return (
    <FormDialog
      open
      title={product ? t('editTitle', { sku: product.sku }) : t('newTitle')}
      maxWidth="md"
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {badField ? (
        <Alert severity="error" role="alert">
          {t('invalidField', { field: t(`fields.${badField.split('.')[0]}`) })}
        </Alert>
      ) : null}
      <Typography variant="h2" sx={{ fontSize: '1rem' }}>
        {t('sections.basics')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('fields.sku')}
          value={draft.sku}
          onChange={(e) => set({ sku: e.target.value })}
          required
          error={bad('sku')}
          fullWidth
        />
        <TextField
          select
          label={t('fields.manufacturerId')}
          value={draft.manufacturerId}
          onChange={(e) => set({ manufacturerId: e.target.value })}
          error={bad('manufacturerId')}
          fullWidth
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('none')}</MenuItem>
          {manufacturers.map((m) => (
            <MenuItem key={m.id} value={String(m.id)}>
              {m.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {LANGUAGES.map((language) => (
          <TextField
            key={language}
            label={t('fields.name', { language: language.toUpperCase() })}
            value={draft.names[language]}
            onChange={(e) => set({ names: { ...draft.names, [language]: e.target.value } })}
            required={language === 'hu'}
            error={language === 'hu' && bad('names')}
            fullWidth
          />
        ))}
      </Stack>
      <TextField
        select
        label={t('fields.categoryIds')}
        value={draft.categoryIds}
        onChange={(e) => {
          const value = e.target.value as unknown as (number | string)[];
          set({ categoryIds: value.map(Number) });
        }}
        error={bad('categoryIds')}
        slotProps={{ select: { multiple: true } }}
      >
        {categories.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.parentId !== null ? '— ' : ''}
            {categoryName(c)}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('fields.vat')}
          value={draft.vat}
          onChange={(e) => set({ vat: e.target.value })}
          error={bad('vat')}
          inputMode="numeric"
          fullWidth
        />
        <TextField
          label={t('fields.weight')}
          value={draft.weight}
          onChange={(e) => set({ weight: e.target.value })}
          error={bad('weight')}
          inputMode="numeric"
          fullWidth
        />
        <TextField
          label={t('fields.stock')}
          value={draft.stock}
          onChange={(e) => set({ stock: e.target.value })}
          error={bad('stock')}
          inputMode="numeric"
          fullWidth
        />
      </Stack>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        <FormControlLabel
          control={<Switch checked={draft.isActive} onChange={(e) => set({ isActive: e.target.checked })} />}
          label={t('fields.isActive')}
        />
        <FormControlLabel
          control={
            <Switch checked={draft.isOrderable} onChange={(e) => set({ isOrderable: e.target.checked })} />
          }
          label={t('fields.isOrderable')}
        />
        <FormControlLabel
          control={
            <Switch checked={draft.isSeasonal} onChange={(e) => set({ isSeasonal: e.target.checked })} />
          }
          label={t('fields.isSeasonal')}
        />
      </Stack>

      <Typography variant="h2" sx={{ fontSize: '1rem' }}>
        {t('sections.limits')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {(['minOrderQuantity', 'maxOrderQuantity'] as const).map((field) => (
          <TextField
            key={field}
            select
            label={t(`fields.${field}`)}
            value={draft[field]}
            onChange={(e) => set({ [field]: e.target.value } as Partial<ProductDraft>)}
            error={bad(field)}
            fullWidth
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('noLimit')}</MenuItem>
            {PACK_UNITS.map((unit) => (
              <MenuItem key={unit} value={unit}>
                {unitLabel(unit)}
              </MenuItem>
            ))}
          </TextField>
        ))}
        <TextField
          label={t('fields.orderQuantityStep')}
          value={draft.orderQuantityStep}
          onChange={(e) => set({ orderQuantityStep: e.target.value })}
          error={bad('orderQuantityStep')}
          inputMode="numeric"
          fullWidth
        />
      </Stack>

      <Typography variant="h2" sx={{ fontSize: '1rem' }}>
        {t('sections.packs')}
      </Typography>
      {draft.packSizes.map((pack, index) => (
        <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
          <TextField
            select
            label={t('fields.unit')}
            value={pack.unit}
            onChange={(e) => setPack(index, { unit: e.target.value as PackDraft['unit'] })}
            error={bad(`packSizes.${index}.unit`)}
            fullWidth
          >
            {PACK_UNITS.map((unit) => (
              <MenuItem key={unit} value={unit}>
                {unitLabel(unit)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('fields.pieces')}
            value={pack.pieces}
            onChange={(e) => setPack(index, { pieces: e.target.value })}
            error={bad(`packSizes.${index}.pieces`)}
            inputMode="numeric"
            fullWidth
          />
          <TextField
            label={t('fields.barcode')}
            value={pack.barcode}
            onChange={(e) => setPack(index, { barcode: e.target.value })}
            error={bad(`packSizes.${index}.barcode`)}
            inputMode="numeric"
            fullWidth
          />
          <IconButton
            aria-label={t('removePack', { n: index + 1 })}
            onClick={() => set({ packSizes: draft.packSizes.filter((_, i) => i !== index) })}
          >
            <DeleteOutlined />
          </IconButton>
        </Stack>
      ))}
      <Box>
        <Button
          startIcon={<AddOutlined />}
          onClick={() =>
            set({ packSizes: [...draft.packSizes, { unit: 'carton', pieces: '', barcode: '' }] })
          }
        >
          {t('addPack')}
        </Button>
      </Box>

      <Typography variant="h2" sx={{ fontSize: '1rem' }}>
        {t('sections.prices')}
      </Typography>
      {draft.prices.map((entry, index) => (
        <Box key={index} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1.5 }}>
            <TextField
              label={t('fields.priceGroup')}
              helperText={t('priceGroupHelp')}
              value={entry.priceGroup}
              onChange={(e) => setPrice(index, { priceGroup: e.target.value })}
              error={bad(`prices.${index}.priceGroup`)}
              fullWidth
            />
            <TextField
              select
              label={t('fields.unit')}
              value={entry.unit}
              onChange={(e) => setPrice(index, { unit: e.target.value as PriceDraft['unit'] })}
              error={bad(`prices.${index}.quantitativeUnit`)}
              fullWidth
            >
              {PACK_UNITS.map((unit) => (
                <MenuItem key={unit} value={unit}>
                  {unitLabel(unit)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('fields.threshold')}
              value={entry.threshold}
              onChange={(e) => setPrice(index, { threshold: e.target.value })}
              error={bad(`prices.${index}.quantityDiscount`)}
              inputMode="numeric"
              fullWidth
            />
            <TextField
              label={t('fields.price')}
              value={entry.price}
              onChange={(e) => setPrice(index, { price: e.target.value })}
              error={bad(`prices.${index}.price`) || badField === 'prices'}
              inputMode="decimal"
              fullWidth
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
            <TextField
              label={t('fields.specialPrice')}
              value={entry.specialPrice}
              onChange={(e) => setPrice(index, { specialPrice: e.target.value })}
              error={bad(`prices.${index}.specialPrice`)}
              inputMode="decimal"
              fullWidth
            />
            <TextField
              type="date"
              label={t('fields.specialStart')}
              value={entry.specialStart}
              onChange={(e) => setPrice(index, { specialStart: e.target.value })}
              error={bad(`prices.${index}.specialPriceStart`)}
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              label={t('fields.specialEnd')}
              value={entry.specialEnd}
              onChange={(e) => setPrice(index, { specialEnd: e.target.value })}
              error={bad(`prices.${index}.specialPriceEnd`)}
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <IconButton
              aria-label={t('removePrice', { n: index + 1 })}
              onClick={() => set({ prices: draft.prices.filter((_, i) => i !== index) })}
            >
              <DeleteOutlined />
            </IconButton>
          </Stack>
        </Box>
      ))}
      <Box>
        <Button
          startIcon={<AddOutlined />}
          onClick={() =>
            set({
              prices: [
                ...draft.prices,
                {
                  priceGroup: '',
                  unit: 'carton',
                  threshold: '',
                  price: '',
                  specialPrice: '',
                  specialStart: '',
                  specialEnd: '',
                },
              ],
            })
          }
        >
          {t('addPrice')}
        </Button>
      </Box>
    </FormDialog>
  );
}
