/**
 * Folds text for search: lower case, accents removed (á→a, ő→o, ở→o, đ→d), punctuation to
 * spaces, white space collapsed. Chinese characters stay as they are (matched by substring).
 * The same function folds the stored search text and the query, on both database dialects.
 */
export function foldForSearch(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .replace(/[łŁ]/g, 'l')
    .replace(/[ßẞ]/g, 'ss')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
