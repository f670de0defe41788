import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import LanguageIcon from '@mui/icons-material/Language';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shop/shared/i18n/languages';
import { currentLanguage } from '../../i18n/i18n';
import { NATIVE_LANGUAGE_NAMES } from '../../i18n/native-language-names';
import { INK } from '../theme';

const loadMenu = () => import('./language-menu');
// The menu (MUI Menu, Popover, Modal) is not part of the first page; it loads on first use.
const LanguageMenu = lazy(() => loadMenu().then((module) => ({ default: module.LanguageMenu })));

/**
 * hu / en / vi / zh, each in its own name. A menu button: its accessible name starts with the
 * translated "Language" and contains the current language shown on it ("Nyelv: Magyar").
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const [anchorEl, setAnchorEl] = useState<HTMLElement | null>(null);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const open = anchorEl !== null;

  const select = (next: Language) => {
    setAnchorEl(null);
    if (next !== language) void i18n.changeLanguage(next);
  };

  return (
    <>
      <Button
        id={buttonId}
        variant="outlined"
        color="inherit"
        aria-label={`${t('language.label')}: ${NATIVE_LANGUAGE_NAMES[language]}`}
        title={t('language.label')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        startIcon={compact ? undefined : <LanguageIcon />}
        endIcon={<ArrowDropDown />}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={(event) => {
          setMenuLoaded(true);
          setAnchorEl(event.currentTarget);
        }}
        sx={{
          height: 40,
          flexShrink: 0,
          whiteSpace: 'nowrap',
          color: INK,
          bgcolor: 'background.paper',
          borderColor: 'rgba(31, 26, 20, 0.45)',
          '&:hover': { borderColor: INK, bgcolor: 'background.paper' },
          '& .MuiButton-endIcon': { ml: 0.25 },
        }}
      >
        <span lang={language}>{NATIVE_LANGUAGE_NAMES[language]}</span>
      </Button>
      {menuLoaded && (
        <Suspense fallback={null}>
          <LanguageMenu
            id={menuId}
            anchorEl={anchorEl}
            open={open}
            current={language}
            labelledBy={buttonId}
            onClose={() => setAnchorEl(null)}
            onSelect={select}
          />
        </Suspense>
      )}
    </>
  );
}
