import { unzipSync } from 'fflate';

/** A member of a zip of shortcuts, or why it was not extracted. */
export type ZipMember = { name: string; bytes: Uint8Array } | { name: string; skipped: string };

/** A link or Jump List is at most a few MiB; a member declaring more is not one. */
export const MAX_MEMBER_BYTES = 64 * 1024 * 1024;
/** Declared sizes bound what is inflated (fflate never writes past them): the zip bomb guard. */
const MAX_EXPANDED_BYTES = 1024 * 1024 * 1024;

/** Why a zip could not be opened at all (not a zip, a damaged directory, encrypted members). */
export class ZipReadError extends Error {
  override readonly name = 'ZipReadError';
}

/** The files of a zip archive in archive order, directories left out; oversized members are skipped with the reason. */
export function zipMembers(data: Uint8Array): ZipMember[] {
  const skipped: ZipMember[] = [];
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(data, {
      filter: (f) => {
        if (f.name.endsWith('/')) return false;
        if (f.originalSize > MAX_MEMBER_BYTES) {
          skipped.push({ name: f.name, skipped: `declares ${f.originalSize} bytes, more than a shortcut holds: not extracted` });
          return false;
        }
        if (total + f.originalSize > MAX_EXPANDED_BYTES) {
          skipped.push({ name: f.name, skipped: 'would expand the archive past 1 GiB (zip bomb guard): not extracted' });
          return false;
        }
        total += f.originalSize;
        return true;
      },
    });
  } catch (err) {
    throw new ZipReadError((err as Error).message);
  }
  return [...Object.entries(files).map(([name, bytes]) => ({ name, bytes })), ...skipped];
}
