import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGES, type Language } from '@shop/shared/i18n/languages';
import { NATIVE_LANGUAGE_NAMES } from '../../i18n/native-language-names';

export interface LanguageMenuProps {
  id: string;
  anchorEl: HTMLElement | null;
  open: boolean;
  current: Language;
  labelledBy: string;
  onClose: () => void;
  onSelect: (language: Language) => void;
}

/** The language choices; loaded with the first click on the language button. */
export function LanguageMenu({
  id,
  anchorEl,
  open,
  current,
  labelledBy,
  onClose,
  onSelect,
}: LanguageMenuProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchorEl}
      open={open}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-labelledby': labelledBy } }}
    >
      {LANGUAGES.map((code) => (
        <MenuItem
          key={code}
          lang={code}
          selected={code === current}
          aria-current={code === current ? 'true' : undefined}
          onClick={() => onSelect(code)}
          sx={{ minWidth: 180 }}
        >
          <ListItemIcon>{code === current ? <Check fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{NATIVE_LANGUAGE_NAMES[code]}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
