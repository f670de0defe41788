import { describe, expect, it } from 'vitest';
import { JsonPieces } from './json-pieces';

describe('JsonPieces', () => {
  it('writes buffers, ASCII, UTF-8 text and numbers in order into one buffer', () => {
    const out = new JsonPieces();
    out.buffer(Buffer.from('"név":"Kávé ☕",'));
    out.ascii('"n":');
    out.number(0);
    out.ascii(',"a":[');
    for (const value of [7, 10, 99, 100, 123456789, 2 ** 31 - 1, 2 ** 31, -3, 2.5, null, -0]) {
      out.number(value);
      out.ascii(',');
    }
    out.text('"越南 Phở"]');
    const text = out.toBuffer('{', ',"ü":1}').toString('utf8');
    expect(text).toBe(
      '{"név":"Kávé ☕","n":0,"a":[7,10,99,100,123456789,2147483647,2147483648,-3,2.5,null,0,"越南 Phở"],"ü":1}',
    );
    expect(JSON.parse(text)).toMatchObject({ n: 0, ü: 1 });
  });

  it('an empty list is just the head and the tail', () => {
    expect(new JsonPieces().toBuffer('{"products":[', ']}').toString()).toBe('{"products":[]}');
  });
});
