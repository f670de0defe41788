import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A small spinner with what is loading, announced as a status (a page's data not there yet). */
export function LoadingStatus({ text }: { text: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <CircularProgress size={20} aria-hidden />
      {text}
    </Box>
  );
}
