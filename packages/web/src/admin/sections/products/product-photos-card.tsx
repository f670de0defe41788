import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PHOTO_TYPES,
  type AdminProductPhoto,
  type AdminProductPhotosResponse,
  type PhotoAlt,
} from '@shop/shared/contracts/product-photos';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { currentLanguage } from '../../../i18n/i18n';
import { useAdminApi } from '../../admin-api';
import type { AdminT } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { uploadWithProgress } from '../../components/upload-with-progress';

/** One photo: its picture, order buttons, alt text in the four languages and delete. */
function PhotoRow({
  t,
  photo,
  index,
  count,
  busy,
  onMove,
  onAlt,
  onDelete,
}: {
  t: AdminT;
  photo: AdminProductPhoto;
  index: number;
  count: number;
  busy: boolean;
  onMove: (by: -1 | 1) => void;
  onAlt: (alt: PhotoAlt) => void;
  onDelete: () => void;
}) {
  const [alt, setAlt] = useState<PhotoAlt>(photo.alt);
  const changed = LANGUAGES.some((language) => alt[language] !== photo.alt[language]);
  const small = photo.sizes[0];
  return (
    <Box
      data-photo-id={photo.id}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Box sx={{ width: 120, flexShrink: 0 }}>
        {small && (
          <picture>
            <source type="image/webp" srcSet={small.webp} />
            <img
              src={small.jpeg}
              alt={photo.alt.hu || t('photos.photoN', { n: index + 1 })}
              width={120}
              height={120}
              loading="lazy"
              style={{ display: 'block', width: 120, height: 120, objectFit: 'contain' }}
            />
          </picture>
        )}
        <Typography variant="caption" color="text.secondary">
          {t('photos.size', { width: photo.width, height: photo.height })}
        </Typography>
      </Box>
      <Stack spacing={1} sx={{ flex: 1, minWidth: 220 }}>
        {LANGUAGES.map((language) => (
          <TextField
            key={language}
            size="small"
            label={t('photos.alt', { language: language.toUpperCase() })}
            value={alt[language]}
            slotProps={{ htmlInput: { maxLength: 300 } }}
            onChange={(event) => setAlt({ ...alt, [language]: event.target.value })}
            onKeyDown={(event) => {
              // The card sits in the product form: Enter saves the alt text, not the product.
              if (event.key === 'Enter') {
                event.preventDefault();
                if (changed) onAlt(alt);
              }
            }}
          />
        ))}
        <Box>
          <Button size="small" variant="outlined" disabled={!changed || busy} onClick={() => onAlt(alt)}>
            {t('photos.saveAlt')}
          </Button>
        </Box>
      </Stack>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <IconButton
          aria-label={t('photos.moveUp', { n: index + 1 })}
          disabled={busy || index === 0}
          onClick={() => onMove(-1)}
        >
          <ArrowUpwardOutlined />
        </IconButton>
        <IconButton
          aria-label={t('photos.moveDown', { n: index + 1 })}
          disabled={busy || index === count - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDownwardOutlined />
        </IconButton>
        <IconButton aria-label={t('photos.delete', { n: index + 1 })} disabled={busy} onClick={onDelete}>
          <DeleteOutlined />
        </IconButton>
      </Stack>
    </Box>
  );
}

/**
 * The product form's photos card (issue 17): upload JPEG, PNG or WebP photos with a progress bar,
 * put them in order (the first is the one the shop shows), set alt texts in the four languages,
 * delete; and how many users wait for the product to be back in stock. Every change is saved at
 * once, apart from the product form.
 */
export function ProductPhotosCard({ t, sku }: { t: AdminT; sku: string }) {
  const api = useAdminApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const key = ['admin', 'product-photos', sku] as const;
  const base = `/admin/products/${encodeURIComponent(sku)}`;
  const photos = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<AdminProductPhotosResponse>(`${base}/photos`, { signal }),
  });
  const waiting = useQuery({
    queryKey: ['admin', 'back-in-stock', sku],
    queryFn: ({ signal }) => api.get<{ waiting: number }>(`${base}/back-in-stock`, { signal }),
  });
  const saved = (answer: AdminProductPhotosResponse) => {
    queryClient.setQueryData(key, answer);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
  };
  const change = useMutation({
    mutationFn: (call: () => Promise<AdminProductPhotosResponse>) => call(),
    onSuccess: (answer) => {
      saved(answer);
      toast.done('admin-products:photos.saved');
    },
    onError: (error) => toast.apiError(error),
  });
  const upload = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const list = [...files];
    for (const [index, file] of list.entries()) {
      setProgress(index / list.length);
      try {
        const answer = await uploadWithProgress<AdminProductPhotosResponse>({
          url: `/api${base}/photos`,
          body: file,
          contentType: file.type || 'application/octet-stream',
          language: currentLanguage(i18n),
          onProgress: (fraction) => setProgress((index + fraction) / list.length),
        });
        saved(answer);
        toast.done('admin-products:photos.uploaded', { file: file.name });
      } catch (error) {
        toast.apiError(error);
      }
    }
    setProgress(null);
  };
  const list = photos.data?.photos ?? [];
  const busy = change.isPending || progress !== null;
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    change.mutate(() =>
      api.put<AdminProductPhotosResponse>(`${base}/photos/order`, { photoIds: ids }, { retry: false }),
    );
  };
  return (
    <Box
      component="section"
      aria-labelledby={`${inputId}-title`}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Typography variant="h2" id={`${inputId}-title`} sx={{ fontSize: '1rem' }}>
        {t('sections.photos')}
      </Typography>
      {waiting.data && (
        <Typography
          variant="body2"
          sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}
          data-testid="back-in-stock-waiting"
        >
          <NotificationsActiveOutlined fontSize="small" color="primary" aria-hidden />
          {t('waiting', { count: waiting.data.waiting })}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('photos.help')}
      </Typography>
      {list.length === 0 && photos.isSuccess && <Typography variant="body2">{t('photos.none')}</Typography>}
      {list.map((photo, index) => (
        <PhotoRow
          key={`${photo.id}-${JSON.stringify(photo.alt)}`}
          t={t}
          photo={photo}
          index={index}
          count={list.length}
          busy={busy}
          onMove={(by) => move(index, by)}
          onAlt={(alt) =>
            change.mutate(() =>
              api.put<AdminProductPhotosResponse>(
                `${base}/photos/${photo.id}/alt`,
                { alt },
                { retry: false },
              ),
            )
          }
          onDelete={() =>
            change.mutate(() =>
              api.delete<AdminProductPhotosResponse>(`${base}/photos/${photo.id}`, { retry: false }),
            )
          }
        />
      ))}
      {progress !== null && (
        <LinearProgress
          variant="determinate"
          value={Math.round(progress * 100)}
          aria-label={t('photos.uploading')}
        />
      )}
      <Box>
        <Button startIcon={<UploadFileOutlined />} disabled={busy} onClick={() => fileInput.current?.click()}>
          {t('photos.upload')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          multiple
          hidden
          tabIndex={-1}
          aria-label={t('photos.upload')}
          onChange={(event) => {
            void upload(event.target.files);
            event.target.value = '';
          }}
        />
      </Box>
    </Box>
  );
}
