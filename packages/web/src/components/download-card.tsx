import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useState, type ComponentType, type ElementType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/i18n';
import { translateError } from '../lib/api-client';
import { authStore } from '../lib/auth-store';
import { downloadFile } from '../lib/download-file';

export interface DownloadCardProps {
  /** The file's kind, shown large beside the text from `sm` on. */
  icon: ComponentType<SvgIconProps>;
  /** The file under /api and the name to save it as (unless the server names it). */
  path: string;
  fileName: string;
  /** The button's text, and its text while the file downloads. */
  buttonText: string;
  busyText: string;
  /** The button's accessible name when its text alone does not say which file. */
  buttonLabel?: string;
  /** The card's element (`li` in a list). */
  component?: ElementType;
  maxWidth?: number;
  /** Replaces the browser download (tests). */
  save?: (blob: Blob, fileName: string) => void;
  /** What the card says about the file. */
  children: ReactNode;
}

/**
 * A file to download with the user's token and language (a newspaper, the price list): its icon,
 * its text and a download button; a failed download's error is shown under the text.
 */
export function DownloadCard({
  icon: Icon,
  path,
  fileName,
  buttonText,
  busyText,
  buttonLabel,
  component = 'div',
  maxWidth,
  save,
  children,
}: DownloadCardProps) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      await downloadFile({
        path,
        fileName,
        token: authStore.getToken(),
        language: currentLanguage(i18n),
        ...(save ? { save } : {}),
      });
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error });
    }
  };
  return (
    <Paper
      component={component}
      variant="outlined"
      sx={{
        p: { xs: 2, md: 2.5 },
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        gap: 2,
        maxWidth,
      }}
    >
      <Icon sx={{ fontSize: 40, color: 'primary.main', display: { xs: 'none', sm: 'block' } }} aria-hidden />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {children}
        {state.error !== null && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {translateError(t, state.error)}
          </Alert>
        )}
      </Box>
      <Button
        variant="contained"
        onClick={() => void download()}
        disabled={state.busy}
        startIcon={state.busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <Download />}
        aria-label={buttonLabel}
        sx={{ flexShrink: 0, alignSelf: { xs: 'stretch', sm: 'center' } }}
      >
        {state.busy ? busyText : buttonText}
      </Button>
    </Paper>
  );
}
