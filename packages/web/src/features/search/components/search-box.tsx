import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import OutlinedInput from '@mui/material/OutlinedInput';
import Button from '@mui/material/Button';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Search needs at least 3 characters (docs/product.md §§5 and 9). */
export const SEARCH_MIN_LENGTH = 3;

export type SearchMode = 'text' | 'sku';

/** `/search?q=...` for a text search, `/search?sku=...` for an item-number search. */
export function searchPath(mode: SearchMode, value: string): string {
  const params = new URLSearchParams({ [mode === 'sku' ? 'sku' : 'q']: value });
  return `/search?${params.toString()}`;
}

const MODES = [
  { mode: 'text', label: 'search.byText' },
  { mode: 'sku', label: 'search.bySku' },
] as const satisfies readonly { mode: SearchMode; label: string }[];

export interface SearchBoxProps {
  initialValue?: string;
  initialMode?: SearchMode;
  /**
   * A valid GS1 barcode submitted as text (a hardware scanner types the digits and Enter: keyboard
   * wedge) goes here instead of the search results (issue 19 point 6).
   */
  onBarcode?: (code: string) => void;
}

/** The header search: by text or by SKU; refuses fewer than 3 characters and shows the rule. */
export function SearchBox({ initialValue = '', initialMode = 'text', onBarcode }: SearchBoxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const helperId = useId();
  const [mode, setMode] = useState<SearchMode>(initialMode);
  const [value, setValue] = useState(initialValue);
  const [tooShort, setTooShort] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const term = value.trim();
    if (term.length < SEARCH_MIN_LENGTH) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    if (onBarcode && mode === 'text' && /^\d{8,14}$/.test(term)) {
      // Digits only: perhaps a scanned barcode. Its check loads on the first such search (the rule
      // stays out of the first page, issue 20).
      void import('@shop/shared/rules/gs1-barcode').then(({ isValidGs1Barcode }) => {
        if (isValidGs1Barcode(term)) onBarcode(term);
        else void navigate(searchPath(mode, term));
      });
      return;
    }
    void navigate(searchPath(mode, term));
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label={t('search.label')}
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%', position: 'relative' }}
    >
      <Box role="group" aria-label={t('search.modeLabel')} sx={{ display: 'flex', flexShrink: 0 }}>
        {MODES.map(({ mode: option, label }, index) => {
          const selected = option === mode;
          return (
            <Button
              key={option}
              type="button"
              aria-pressed={selected}
              variant={selected ? 'contained' : 'outlined'}
              onClick={() => setMode(option)}
              sx={{
                height: 40,
                px: 1.5,
                minWidth: 0,
                whiteSpace: 'nowrap',
                bgcolor: selected ? undefined : 'background.paper',
                borderRadius: index === 0 ? '6px 0 0 6px' : '0 6px 6px 0',
                ml: index === 0 ? 0 : '-1px',
              }}
            >
              {t(label)}
            </Button>
          );
        })}
      </Box>
      <Box sx={{ position: 'relative', flex: 1, minWidth: 0 }}>
        <OutlinedInput
          id={inputId}
          size="small"
          fullWidth
          type="search"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (tooShort && event.target.value.trim().length >= SEARCH_MIN_LENGTH) setTooShort(false);
          }}
          placeholder={mode === 'sku' ? t('search.placeholderSku') : t('search.placeholderText')}
          error={tooShort}
          inputProps={{
            'aria-label': t('search.label'),
            'aria-invalid': tooShort,
            'aria-describedby': tooShort ? helperId : undefined,
            enterKeyHint: 'search',
          }}
          sx={{ bgcolor: 'background.paper' }}
          endAdornment={
            <IconButton type="submit" edge="end" aria-label={t('search.submit')} title={t('search.submit')}>
              <SearchIcon />
            </IconButton>
          }
        />
        {tooShort && (
          // A plain paragraph in the helper text's style (MUI's FormHelperText stays out of the first page).
          <Box
            component="p"
            id={helperId}
            role="alert"
            sx={{
              typography: 'caption',
              color: 'error.main',
              position: 'absolute',
              top: '100%',
              left: 0,
              mt: 0.5,
              mx: 0,
              px: 1,
              py: 0.5,
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'error.main',
              borderRadius: 1,
              boxShadow: 2,
              zIndex: 1,
            }}
          >
            {t('search.minLength', { min: SEARCH_MIN_LENGTH })}
          </Box>
        )}
      </Box>
    </Box>
  );
}
