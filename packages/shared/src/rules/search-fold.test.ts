import { describe, expect, it } from 'vitest';
import { foldForSearch } from './search-fold';

describe('foldForSearch', () => {
  it('removes Hungarian accents and lowers case', () => {
    expect(foldForSearch('Kávé ŐRÖLT Szemes')).toBe('kave orolt szemes');
  });
  it('removes Vietnamese tones and đ', () => {
    expect(foldForSearch('Phở bò Đặc biệt')).toBe('pho bo dac biet');
  });
  it('keeps Chinese characters', () => {
    expect(foldForSearch('茉莉花茶 500g')).toBe('茉莉花茶 500g');
  });
  it('turns punctuation into single spaces', () => {
    expect(foldForSearch('  Coca-Cola,  0.5 l!! ')).toBe('coca cola 0 5 l');
  });
});
