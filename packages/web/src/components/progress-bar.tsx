import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/** An indeterminate progress bar fixed to the top of the window (lighter than LinearProgress). */
export function ProgressBar({ label }: { label: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 4,
        overflow: 'hidden',
        zIndex: (theme) => theme.zIndex.appBar + 1,
        bgcolor: 'rgba(122, 92, 52, 0.25)',
      }}
    >
      <Box
        sx={{
          width: '40%',
          height: '100%',
          bgcolor: 'primary.main',
          animation: `${slide} 1.2s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%', opacity: 0.6 },
        }}
      />
    </Box>
  );
}
