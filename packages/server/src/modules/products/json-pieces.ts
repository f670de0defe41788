/**
 * A JSON answer assembled from pieces (docs/decisions/0008-catalogue-read-model.md): pre-written
 * UTF-8 buffers of the read model, constant fragments, whole numbers and short live strings, copied
 * once into one buffer at the end. A listing page is several hundred pieces; writing the live part
 * of each product as a string of its own (then a buffer, then a concat) cost an allocation per
 * product and field, and the collector's time with it.
 */
export class JsonPieces {
  private readonly pieces: (Buffer | string | number)[] = [];
  private bytes = 0;
  /** How many products were written (for the separating commas). */
  count = 0;

  buffer(piece: Buffer): void {
    this.pieces.push(piece);
    this.bytes += piece.length;
  }

  /** A string of ASCII characters only (numbers, true/false/null, fixed words and punctuation). */
  ascii(piece: string): void {
    this.pieces.push(piece);
    this.bytes += piece.length;
  }

  /** Any text (UTF-8). */
  text(piece: string): void {
    this.buffer(Buffer.from(piece));
  }

  /** A number as JSON (null for null). Whole numbers from 0 to 2^31 are written without a string. */
  number(value: number | null): void {
    if (value !== null && Number.isInteger(value) && value >= 0 && value < SMALL_LIMIT) {
      this.pieces.push(value);
      this.bytes += digits(value);
    } else {
      this.ascii(value === null ? 'null' : JSON.stringify(value));
    }
  }

  /** The whole answer: `head`, the pieces, `tail` (both ASCII-only or already JSON-escaped UTF-8). */
  toBuffer(head: string, tail: string): Buffer {
    const headBytes = Buffer.byteLength(head);
    const out = Buffer.allocUnsafe(headBytes + this.bytes + Buffer.byteLength(tail));
    let offset = out.write(head, 0);
    for (const piece of this.pieces) {
      if (typeof piece === 'number') offset = writeDigits(out, offset, piece);
      else if (typeof piece === 'string') offset += out.write(piece, offset, 'latin1');
      else offset += piece.copy(out, offset);
    }
    out.write(tail, offset);
    return out;
  }
}

const SMALL_LIMIT = 2 ** 31;

function digits(value: number): number {
  let count = 1;
  while (value >= 10) {
    value = Math.floor(value / 10);
    count += 1;
  }
  return count;
}

/** Writes a whole number 0 <= value < 2^31 in decimal; returns the offset after it. */
function writeDigits(out: Buffer, offset: number, value: number): number {
  const end = offset + digits(value);
  let at = end;
  do {
    at -= 1;
    out[at] = 48 + (value % 10);
    value = Math.floor(value / 10);
  } while (value > 0);
  return end;
}
