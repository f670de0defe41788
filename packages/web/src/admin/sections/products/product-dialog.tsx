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
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCategory, AdminManufacturer, AdminProduct } from '@shop/shared/contracts/admin-catalogue';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { ApiError, translateError } from '../../../lib/api-client';
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
  const { t: tShop } = useTranslation();
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [shown, setShown] = useState(0);
  const fieldLabel = (field: string) => t(`fields.${field.split('.')[0]}`);
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
      setProblem(typeof field === 'string' ? { field, message: translateError(tShop, error) } : null);
      if (typeof field === 'string') setShown((n) => n + 1);
    },
  });

  const submit = () => {
    const result = toInput(draft);
    if ('field' in result) {
      setProblem({ field: result.field, message: t('invalidField', { field: fieldLabel(result.field) }) });
      setShown((n) => n + 1);
      return;
    }
    setProblem(null);
    save.mutate(result);
  };
  const badField = problem?.field ?? null;
  const bad = (field: string) =>
    badField !== null && (badField === field || badField.startsWith(`${field}.`));
  /** A field's error state and the message under it (its own help text otherwise). */
  const check = (field: string, helper?: string) =>
    bad(field) ? { error: true, helperText: problem?.message } : { error: false, helperText: helper };
  const categoryName = (c: AdminCategory) =>
    c.translations.find((tr) => tr.language === 'hu')?.name ?? c.slug;
  const unitLabel = (unit: string) => t(`units.${unit}`);
  const text = (
    field: string,
    label: string,
    value: string,
    onChange: (value: string) => void,
    extra: { inputMode?: 'numeric' | 'decimal'; helper?: string; required?: boolean; date?: boolean } = {},
  ) => (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...check(field, extra.helper)}
      required={extra.required ?? false}
      fullWidth
      {...(extra.inputMode ? { inputMode: extra.inputMode } : {})}
      {...(extra.date ? { type: 'date', slotProps: { inputLabel: { shrink: true } } } : {})}
    />
  );
  const unitSelect = (
    field: string,
    label: string,
    value: string,
    onChange: (unit: string) => void,
    none?: string,
  ) => (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...check(field)}
      fullWidth
      {...(none === undefined
        ? {}
        : { slotProps: { select: { displayEmpty: true }, inputLabel: { shrink: true } } })}
    >
      {none === undefined ? null : <MenuItem value="">{none}</MenuItem>}
      {PACK_UNITS.map((unit) => (
        <MenuItem key={unit} value={unit}>
          {unitLabel(unit)}
        </MenuItem>
      ))}
    </TextField>
  );
  const row = (children: ReactNode) => (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      {children}
    </Stack>
  );
  const heading = (key: string) => (
    <Typography variant="h2" sx={{ fontSize: '1rem' }}>
      {t(`sections.${key}`)}
    </Typography>
  );
  const addButton = (label: string, onClick: () => void) => (
    <Box>
      <Button startIcon={<AddOutlined />} onClick={onClick}>
        {label}
      </Button>
    </Box>
  );

  return (
    <FormDialog
      open
      title={product ? t('editTitle', { sku: product.sku }) : t('newTitle')}
      maxWidth="md"
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      fieldErrors={{ shown }}
    >
      {badField ? (
        <Alert severity="error" role="alert">
          {t('invalidField', { field: fieldLabel(badField) })}
        </Alert>
      ) : null}
      {heading('basics')}
      {row(
        <>
          {text('sku', t('fields.sku'), draft.sku, (sku) => set({ sku }), { required: true })}
          <TextField
            select
            label={t('fields.manufacturerId')}
            value={draft.manufacturerId}
            onChange={(e) => set({ manufacturerId: e.target.value })}
            {...check('manufacturerId')}
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
        </>,
      )}
      {row(
        LANGUAGES.map((language) => (
          <TextField
            key={language}
            label={t('fields.name', { language: language.toUpperCase() })}
            value={draft.names[language]}
            onChange={(e) => set({ names: { ...draft.names, [language]: e.target.value } })}
            required={language === 'hu'}
            {...(language === 'hu' ? check('names') : {})}
            fullWidth
          />
        )),
      )}
      <TextField
        select
        label={t('fields.categoryIds')}
        value={draft.categoryIds}
        onChange={(e) => {
          const value = e.target.value as unknown as (number | string)[];
          set({ categoryIds: value.map(Number) });
        }}
        {...check('categoryIds')}
        slotProps={{ select: { multiple: true } }}
      >
        {categories.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.parentId !== null ? '— ' : ''}
            {categoryName(c)}
          </MenuItem>
        ))}
      </TextField>
      {row(
        (['vat', 'weight', 'stock'] as const).map((field) => (
          <Fragment key={field}>
            {text(field, t(`fields.${field}`), draft[field], (value) => set({ [field]: value }), {
              inputMode: 'numeric',
            })}
          </Fragment>
        )),
      )}
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        {(['isActive', 'isOrderable', 'isSeasonal'] as const).map((flag) => (
          <FormControlLabel
            key={flag}
            control={<Switch checked={draft[flag]} onChange={(e) => set({ [flag]: e.target.checked })} />}
            label={t(`fields.${flag}`)}
          />
        ))}
      </Stack>

      {heading('limits')}
      {row(
        <>
          {(['minOrderQuantity', 'maxOrderQuantity'] as const).map((field) => (
            <Fragment key={field}>
              {unitSelect(
                field,
                t(`fields.${field}`),
                draft[field],
                (unit) => set({ [field]: unit }),
                t('noLimit'),
              )}
            </Fragment>
          ))}
          {text(
            'orderQuantityStep',
            t('fields.orderQuantityStep'),
            draft.orderQuantityStep,
            (step) => set({ orderQuantityStep: step }),
            { inputMode: 'numeric' },
          )}
        </>,
      )}

      {heading('packs')}
      {draft.packSizes.map((pack, index) => (
        <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
          {unitSelect(`packSizes.${index}.unit`, t('fields.unit'), pack.unit, (unit) =>
            setPack(index, { unit: unit as PackDraft['unit'] }),
          )}
          {text(
            `packSizes.${index}.pieces`,
            t('fields.pieces'),
            pack.pieces,
            (pieces) => setPack(index, { pieces }),
            {
              inputMode: 'numeric',
            },
          )}
          {text(
            `packSizes.${index}.barcode`,
            t('fields.barcode'),
            pack.barcode,
            (barcode) => setPack(index, { barcode }),
            { inputMode: 'numeric' },
          )}
          <IconButton
            aria-label={t('removePack', { n: index + 1 })}
            onClick={() => set({ packSizes: draft.packSizes.filter((_, i) => i !== index) })}
          >
            <DeleteOutlined />
          </IconButton>
        </Stack>
      ))}
      {addButton(t('addPack'), () =>
        set({ packSizes: [...draft.packSizes, { unit: 'carton', pieces: '', barcode: '' }] }),
      )}

      {heading('prices')}
      {draft.prices.map((entry, index) => {
        const at = (field: string) => `prices.${index}.${field}`;
        return (
          <Box key={index} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1.5 }}>
              {text(
                at('priceGroup'),
                t('fields.priceGroup'),
                entry.priceGroup,
                (priceGroup) => setPrice(index, { priceGroup }),
                { helper: t('priceGroupHelp') },
              )}
              {unitSelect(at('quantitativeUnit'), t('fields.unit'), entry.unit, (unit) =>
                setPrice(index, { unit: unit as PriceDraft['unit'] }),
              )}
              {text(
                at('quantityDiscount'),
                t('fields.threshold'),
                entry.threshold,
                (threshold) => setPrice(index, { threshold }),
                { inputMode: 'numeric' },
              )}
              {text(
                badField === 'prices' ? 'prices' : at('price'),
                t('fields.price'),
                entry.price,
                (price) => setPrice(index, { price }),
                { inputMode: 'decimal' },
              )}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
              {text(
                at('specialPrice'),
                t('fields.specialPrice'),
                entry.specialPrice,
                (specialPrice) => setPrice(index, { specialPrice }),
                { inputMode: 'decimal' },
              )}
              {text(
                at('specialPriceStart'),
                t('fields.specialStart'),
                entry.specialStart,
                (specialStart) => setPrice(index, { specialStart }),
                { date: true },
              )}
              {text(
                at('specialPriceEnd'),
                t('fields.specialEnd'),
                entry.specialEnd,
                (specialEnd) => setPrice(index, { specialEnd }),
                { date: true },
              )}
              <IconButton
                aria-label={t('removePrice', { n: index + 1 })}
                onClick={() => set({ prices: draft.prices.filter((_, i) => i !== index) })}
              >
                <DeleteOutlined />
              </IconButton>
            </Stack>
          </Box>
        );
      })}
      {addButton(t('addPrice'), () =>
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
        }),
      )}
    </FormDialog>
  );
}
