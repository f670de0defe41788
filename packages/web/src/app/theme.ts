import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    /** 2560 px and wider (docs/product.md §2). */
    xxl: true;
  }
}

/**
 * Sand brown is the brand colour (docs/product.md §9). #C2A278 is too light for white text (2.4:1),
 * so it is the header background under dark text (7.2:1) and the `light` shade, while `main`
 * is a darker sand brown that keeps white button text and brown link text on white at WCAG AA
 * (6.2:1).
 */
export const SAND_BROWN = '#C2A278';
export const INK = '#1F1A14';

export const theme = createTheme({
  breakpoints: {
    values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 },
  },
  palette: {
    primary: { main: '#7A5C34', light: SAND_BROWN, dark: '#5E4526', contrastText: '#FFFFFF' },
    secondary: { main: '#37474F', contrastText: '#FFFFFF' },
    // Filled alerts (toasts) keep white text at WCAG AA (at least 4.5:1).
    warning: { main: '#A85400', contrastText: '#FFFFFF' },
    info: { main: '#01579B', contrastText: '#FFFFFF' },
    success: { main: '#2E7D32', contrastText: '#FFFFFF' },
    error: { main: '#C62828', contrastText: '#FFFFFF' },
    background: { default: '#FAF7F2', paper: '#FFFFFF' },
    text: { primary: INK, secondary: '#5C5247' },
  },
  typography: {
    fontFamily:
      'Roboto, "Helvetica Neue", Arial, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
    h1: { fontSize: '2rem', fontWeight: 500 },
    h2: { fontSize: '1.5rem', fontWeight: 500 },
    h3: { fontSize: '1.25rem', fontWeight: 500 },
  },
  shape: { borderRadius: 6 },
  components: {
    // The first render reads the screen width at once: no desktop-then-narrow flash, and a
    // server-rendered page hydrates with the width its check script confirmed (decision 0016).
    MuiUseMediaQuery: { defaultProps: { noSsr: true } },
    MuiCssBaseline: {
      styleOverrides: {
        // A visible focus ring for keyboard users on every control (inputs show their border).
        '*:focus-visible:not(input):not(textarea)': {
          outline: `3px solid ${INK}`,
          outlineOffset: 2,
        },
        // MUI's inputs reset the outline on :focus (a class and a pseudo-class): native selects get
        // the ring back, and radios and checkboxes (a hidden native input) show it on their box.
        'select.MuiInputBase-input:focus-visible, .MuiButtonBase-root:has(> input:focus-visible)': {
          outline: `3px solid ${INK}`,
          outlineOffset: 2,
        },
        // A focused outlined field shows its thick border from CSS alone, so a field focused before
        // the server-rendered page hydrates (no Mui-focused class yet) still shows where focus is.
        '.MuiOutlinedInput-root:focus-within > .MuiOutlinedInput-notchedOutline': { borderWidth: 2 },
        '.MuiOutlinedInput-root:focus-within:not(.Mui-error):not(.Mui-disabled) > .MuiOutlinedInput-notchedOutline':
          { borderColor: '#7A5C34' },
        a: { color: '#7A5C34' },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none', fontWeight: 500 } },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
    },
  },
});
