import yauzl from 'yauzl';
import {
  PHOTO_MAX_BYTES,
  PHOTO_ZIP_MAX_ENTRIES,
  PHOTO_ZIP_MAX_UNPACKED,
} from '@shop/shared/contracts/product-photos';
import { AppError } from '../../http/app-error';

/**
 * Reads a bulk-upload ZIP (issue 17) with yauzl, guarded against zip bombs: the central directory
 * is read first (no decompression) and the archive is refused with ERR_ZIP_TOO_LARGE when it lists
 * more than PHOTO_ZIP_MAX_ENTRIES files or more than PHOTO_ZIP_MAX_UNPACKED bytes in all; a file
 * declared above 20 MB is reported as too large without being unpacked, and yauzl checks while
 * unpacking that no file yields more bytes than it declared (`validateEntrySizes`).
 */

export interface ZipEntryInfo {
  name: string;
  size: number;
  isDirectory: boolean;
}

export interface OpenZip {
  entries: ZipEntryInfo[];
  /** The bytes of one entry (only for entries within PHOTO_MAX_BYTES). */
  read(name: string): Promise<Buffer>;
  close(): void;
}

function fromBuffer(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true },
      (error, zip) => (error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip)),
    );
  });
}

export async function openPhotoZip(buffer: Buffer): Promise<OpenZip> {
  let zip: yauzl.ZipFile;
  try {
    zip = await fromBuffer(buffer);
  } catch {
    throw new AppError('ERR_NOT_A_ZIP');
  }
  if (zip.entryCount > PHOTO_ZIP_MAX_ENTRIES) {
    zip.close();
    throw new AppError('ERR_ZIP_TOO_LARGE', { maxFiles: PHOTO_ZIP_MAX_ENTRIES });
  }
  const byName = new Map<string, yauzl.Entry>();
  const entries: ZipEntryInfo[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        const isDirectory = entry.fileName.endsWith('/');
        entries.push({ name: entry.fileName, size: entry.uncompressedSize, isDirectory });
        if (!isDirectory) byName.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', reject);
      zip.readEntry();
    });
  } catch {
    zip.close();
    throw new AppError('ERR_NOT_A_ZIP');
  }
  const total = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (total > PHOTO_ZIP_MAX_UNPACKED) {
    zip.close();
    throw new AppError('ERR_ZIP_TOO_LARGE', { maxUnpackedBytes: PHOTO_ZIP_MAX_UNPACKED });
  }
  return {
    entries,
    close: () => zip.close(),
    read: (name) =>
      new Promise<Buffer>((resolve, reject) => {
        const entry = byName.get(name);
        if (!entry || entry.uncompressedSize > PHOTO_MAX_BYTES) {
          reject(new Error(`no readable entry ${name}`));
          return;
        }
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) {
            reject(error ?? new Error('no stream'));
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            // validateEntrySizes stops a lying entry too; this keeps memory bounded regardless.
            if (size > PHOTO_MAX_BYTES) stream.destroy(new Error('entry larger than declared'));
            else chunks.push(chunk);
          });
          stream.on('error', reject);
          stream.on('end', () => resolve(Buffer.concat(chunks)));
        });
      }),
  };
}

/** `NK10001.jpg` → ['NK10001'], `NK10001-2.jpg` → ['NK10001-2', 'NK10001'] (the whole name first: SKUs may hold dashes). */
export function skuCandidates(fileName: string): { candidates: string[]; index: number } {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).trim();
  const numbered = /^(.+)-(\d{1,3})$/.exec(stem);
  return numbered
    ? { candidates: [stem, numbered[1]!], index: Number(numbered[2]) }
    : { candidates: [stem], index: 1 };
}

/** Entries a person did not put there: folders, macOS resource forks, hidden files. */
export function isSkippedEntry(entry: ZipEntryInfo): boolean {
  const base = entry.name.slice(entry.name.lastIndexOf('/') + 1);
  return entry.isDirectory || entry.name.startsWith('__MACOSX/') || base.startsWith('.') || base === '';
}
