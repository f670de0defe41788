import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A check mark with its text, in the primary colour: marks the one chosen now (e.g. the customer acted for). */
export function CurrentMark({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'primary.dark', fontWeight: 500 }}>
      <CheckCircle fontSize="small" aria-hidden />
      {children}
    </Box>
  );
}
