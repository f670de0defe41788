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
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Controller, useFieldArray, type Path } from 'react-hook-form';
import {
  PACK_UNITS,
  productInputSchema,
  type AdminCategory,
  type AdminManufacturer,
  type AdminProduct,
  type ProductInput,
} from '@shop/shared/contracts/admin-catalogue';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { useAdminApi } from '../../admin-api';
import type { AdminT } from '../../admin-i18n';
import { useAdminForm } from '../../components/admin-form';
import { useAdminToast } from '../../components/admin-toast';
import { FormDialog } from '../../components/form-dialog';
import { FormSelectField, FormTextField } from '../../components/form-text-field';
import {
  draftOf,
  emptyDraft,
  emptyPack,
  emptyPrice,
  namedLanguages,
  toBody,
  type ProductDraft,
} from './product-form';
import { ProductPhotosCard } from './product-photos-card';

/** The label key of a body field whose form label is named differently. */
const LABEL_OF: Record<string, string> = {
  quantitativeUnit: 'unit',
  quantityDiscount: 'threshold',
  specialPriceStart: 'specialStart',
  specialPriceEnd: 'specialEnd',
};

/**
 * The product editor on react-hook-form: names, flags, stock, limits, pack sizes with barcodes and
 * prices with special prices (each a `useFieldArray`); the shared ProductInput contract checks the
 * body and every problem shows under its field at once. Special-price days are days of the shop's
 * time zone.
 */
export function ProductFormDialog({
  t,
  product,
  categories,
  manufacturers,
  timeZone,
  onClose,
}: {
  t: AdminT;
  product: AdminProduct | null;
  categories: AdminCategory[];
  manufacturers: AdminManufacturer[];
  timeZone: string;
  onClose: () => void;
}) {
  const api = useAdminApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const labelOf = (name: string) => {
    const last = name.split('.').pop() ?? name;
    return t(`fields.${LABEL_OF[last] ?? last}`, { language: 'HU' });
  };
  const { form, errors, onSubmit } = useAdminForm<ProductDraft, ProductInput>({
    defaultValues: product ? draftOf(product, timeZone) : emptyDraft(),
    toBody: (draft) => toBody(draft, timeZone),
    schema: productInputSchema,
    fieldErrors: { invalidText: (name) => t('invalidField', { field: labelOf(name) }) },
  });
  const { control } = form;
  const packs = useFieldArray({ control, name: 'packSizes' });
  const prices = useFieldArray({ control, name: 'prices' });

  const save = useMutation({
    mutationFn: (input: ProductInput) =>
      product
        ? api.put<AdminProduct>(`/admin/catalogue/products/${product.id}`, input, { retry: false })
        : api.post<AdminProduct>('/admin/catalogue/products', input, { retry: false }),
    onSuccess: (saved) => {
      toast.done('admin-products:saved', { sku: saved.sku });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'product'] });
      onClose();
    },
    onError: (error) => {
      if (!errors.fromApi(error)) toast.apiError(error);
    },
  });

  const categoryName = (c: AdminCategory) =>
    c.translations.find((tr) => tr.language === 'hu')?.name ?? c.slug;
  const text = (
    name: Path<ProductDraft>,
    label: string,
    extra: { inputMode?: 'numeric' | 'decimal'; helper?: string; required?: boolean; date?: boolean } = {},
  ) => (
    <FormTextField
      control={control}
      name={name}
      errors={errors}
      label={label}
      required={extra.required ?? false}
      {...(extra.helper ? { helper: extra.helper } : {})}
      {...(extra.inputMode ? { slotProps: { htmlInput: { inputMode: extra.inputMode } } } : {})}
      {...(extra.date ? { type: 'date', slotProps: { inputLabel: { shrink: true } } } : {})}
    />
  );
  const unitSelect = (name: Path<ProductDraft>, label: string, none?: string) => (
    <FormTextField
      control={control}
      name={name}
      errors={errors}
      select
      label={label}
      {...(none === undefined
        ? {}
        : { slotProps: { select: { displayEmpty: true }, inputLabel: { shrink: true } } })}
    >
      {none === undefined ? null : <MenuItem value="">{none}</MenuItem>}
      {PACK_UNITS.map((unit) => (
        <MenuItem key={unit} value={unit}>
          {t(`units.${unit}`)}
        </MenuItem>
      ))}
    </FormTextField>
  );
  const row = (children: ReactNode, align: 'flex-start' | 'center' = 'flex-start') => (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: align }}>
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
  /** A problem of a whole list (e.g. no price at all), shown above it. */
  const listProblem = (name: 'packSizes' | 'prices') => {
    const message = errors.message(name);
    return message === undefined ? null : (
      <Alert severity="error" role="alert">
        {message}
      </Alert>
    );
  };
  const names = form.watch('names');
  /** The body path of a language's name: `details` for the Hungarian one (it is required). */
  const nameError = (language: (typeof LANGUAGES)[number]) => {
    const index = namedLanguages({ names }).indexOf(language);
    const own = `details.${index}.name`;
    if (index >= 0 && errors.message(own) !== undefined) return own;
    return language === 'hu' ? 'details' : own;
  };

  return (
    <FormDialog
      open
      title={product ? t('editTitle', { sku: product.sku }) : t('newTitle')}
      maxWidth="md"
      busy={save.isPending}
      onSubmit={onSubmit((body) => save.mutate(body))}
      onClose={onClose}
      fieldErrors={errors}
    >
      {heading('basics')}
      {row(
        <>
          {text('sku', t('fields.sku'), { required: true })}
          <FormSelectField
            control={control}
            name="manufacturerId"
            errors={errors}
            label={t('fields.manufacturerId')}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            empty={t('none')}
            options={manufacturers.map((m) => ({ value: String(m.id), label: m.name }))}
          />
        </>,
      )}
      {row(
        LANGUAGES.map((language) => (
          <FormTextField
            key={language}
            control={control}
            name={`names.${language}`}
            errors={errors}
            errorName={nameError(language)}
            label={t('fields.name', { language: language.toUpperCase() })}
            required={language === 'hu'}
          />
        )),
      )}
      <FormTextField
        control={control}
        name="categoryIds"
        errors={errors}
        select
        label={t('fields.categoryIds')}
        slotProps={{ select: { multiple: true } }}
      >
        {categories.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.parentId !== null ? '— ' : ''}
            {categoryName(c)}
          </MenuItem>
        ))}
      </FormTextField>
      {row(
        (['vat', 'weight', 'stock'] as const).map((field) => (
          <Box key={field} sx={{ flex: 1, width: '100%' }}>
            {text(field, t(`fields.${field}`), { inputMode: 'numeric' })}
          </Box>
        )),
      )}
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        {(['isActive', 'isOrderable', 'isSeasonal'] as const).map((flag) => (
          <Controller
            key={flag}
            control={control}
            name={flag}
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                label={t(`fields.${flag}`)}
              />
            )}
          />
        ))}
      </Stack>

      {/* Photos and back-in-stock waiters (issue 17): saved at once, apart from the form. */}
      {product && <ProductPhotosCard t={t} sku={product.sku} />}

      {heading('limits')}
      {row(
        <>
          {unitSelect('minOrderQuantity', t('fields.minOrderQuantity'), t('noLimit'))}
          {unitSelect('maxOrderQuantity', t('fields.maxOrderQuantity'), t('noLimit'))}
          {text('orderQuantityStep', t('fields.orderQuantityStep'), { inputMode: 'numeric' })}
        </>,
      )}

      {heading('packs')}
      {listProblem('packSizes')}
      {packs.fields.map((pack, index) => (
        <Box key={pack.id}>
          {row(
            <>
              {unitSelect(`packSizes.${index}.unit`, t('fields.unit'))}
              {text(`packSizes.${index}.pieces`, t('fields.pieces'), { inputMode: 'numeric' })}
              {text(`packSizes.${index}.barcode`, t('fields.barcode'), { inputMode: 'numeric' })}
              <IconButton aria-label={t('removePack', { n: index + 1 })} onClick={() => packs.remove(index)}>
                <DeleteOutlined />
              </IconButton>
            </>,
            'center',
          )}
        </Box>
      ))}
      {addButton(t('addPack'), () => packs.append(emptyPack()))}

      {heading('prices')}
      {listProblem('prices')}
      {prices.fields.map((entry, index) => {
        const at = (field: string) => `prices.${index}.${field}` as Path<ProductDraft>;
        return (
          <Box key={entry.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1.5 }}>
              {text(at('priceGroup'), t('fields.priceGroup'), { helper: t('priceGroupHelp') })}
              {unitSelect(at('quantitativeUnit'), t('fields.unit'))}
              {text(at('quantityDiscount'), t('fields.threshold'), { inputMode: 'numeric' })}
              {text(at('price'), t('fields.price'), { inputMode: 'decimal' })}
            </Stack>
            {row(
              <>
                {text(at('specialPrice'), t('fields.specialPrice'), { inputMode: 'decimal' })}
                {text(at('specialPriceStart'), t('fields.specialStart'), { date: true })}
                {text(at('specialPriceEnd'), t('fields.specialEnd'), { date: true })}
                <IconButton
                  aria-label={t('removePrice', { n: index + 1 })}
                  onClick={() => prices.remove(index)}
                >
                  <DeleteOutlined />
                </IconButton>
              </>,
              'center',
            )}
          </Box>
        );
      })}
      {addButton(t('addPrice'), () => prices.append(emptyPrice()))}
    </FormDialog>
  );
}
