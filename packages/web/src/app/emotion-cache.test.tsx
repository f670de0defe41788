import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createEmotionCache } from './emotion-cache';

describe('createEmotionCache', () => {
  it('writes the -webkit- prefixes Safari needs and none of the default prefixer’s others', () => {
    const cache = createEmotionCache();
    render(
      <CacheProvider value={cache}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            userSelect: 'none',
            backdropFilter: 'blur(4px)',
            '& input::placeholder': { color: 'red' },
          }}
        />
      </CacheProvider>,
    );
    const css = Object.values(cache.inserted)
      .filter((rules): rules is string => typeof rules === 'string')
      .join('');
    // jsdom: the rules are in the cache's sheet; read them from there when `inserted` keeps `true`.
    const sheet = [...document.querySelectorAll('style[data-emotion]')]
      .map((style) => style.textContent)
      .join('');
    const all = css + sheet;
    expect(all).toContain('display:flex;');
    expect(all).toContain('-webkit-user-select:none;user-select:none;');
    expect(all).toContain('-webkit-backdrop-filter:blur(4px);backdrop-filter:blur(4px);');
    expect(all).toContain('::placeholder{color:red;}');
    expect(all).not.toMatch(
      /-webkit-box|-webkit-flex|-ms-flex|-moz-|-webkit-align-items|::-webkit-input-placeholder/,
    );
  });
});
