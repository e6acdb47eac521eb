import type { DbClient } from '../client.js';
import { toBuffer, toBytes } from '../bytes.js';
import { DbError } from '../errors.js';
import type { Visibility } from '../generated/prisma/enums.js';
import { assertStorableText } from '../text.js';
import { atomically } from '../transaction.js';
import { isUuid } from '../uuid.js';

export interface FileDto {
  id: string;
  /** null: an anonymous (public) upload. */
  ownerId: string | null;
  originalName: string;
  size: bigint;
  /** sha256 hex of the plaintext. */
  sha256: string;
  visibility: Visibility;
  encrypted: boolean;
  /** The data key wrapped under the caller's key; null for unencrypted files. */
  wrappedKey: Buffer | null;
  blobKey: string;
  createdAt: Date;
}

export interface NewFile {
  /** Optional: lets the caller name the row before the blob is written. */
  id?: string;
  ownerId: string | null;
  originalName: string;
  size: bigint;
  sha256: string;
  visibility: Visibility;
  encrypted: boolean;
  wrappedKey: Uint8Array | null;
  blobKey: string;
}

const fileSelect = {
  id: true,
  ownerId: true,
  originalName: true,
  size: true,
  sha256: true,
  visibility: true,
  encrypted: true,
  wrappedKey: true,
  blobKey: true,
  createdAt: true,
} as const;

type FileRow = Omit<FileDto, 'wrappedKey'> & { wrappedKey: Uint8Array | null };

function toDto(row: FileRow): FileDto {
  return { ...row, wrappedKey: row.wrappedKey === null ? null : toBuffer(row.wrappedKey) };
}

export async function create(db: DbClient, input: NewFile): Promise<FileDto> {
  if (input.encrypted !== (input.wrappedKey !== null)) {
    throw new DbError('invalid-argument', 'an encrypted file needs a wrapped key, an unencrypted one must not have one');
  }
  assertStorableText(input.originalName, 'the file name');
  const row = await db.file.create({
    data: {
      ...(input.id === undefined ? {} : { id: input.id }),
      ownerId: input.ownerId,
      originalName: input.originalName,
      size: input.size,
      sha256: input.sha256,
      visibility: input.visibility,
      encrypted: input.encrypted,
      wrappedKey: input.wrappedKey === null ? null : toBytes(input.wrappedKey),
      blobKey: input.blobKey,
    },
    select: fileSelect,
  });
  return toDto(row);
}

/** The owner's files in creation order. */
export async function listByOwner(db: DbClient, ownerId: string): Promise<FileDto[]> {
  if (!isUuid(ownerId)) return [];
  const rows = await db.file.findMany({
    where: { ownerId },
    select: fileSelect,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map(toDto);
}

/**
 * Deletes the owner's files, all or nothing: returns their blob keys (for the caller to remove the
 * blobs after the rows are gone), or null and deletes nothing when any id is not one of the owner's
 * files. Duplicate ids count once.
 */
export async function deleteMany(db: DbClient, ids: readonly string[], ownerId: string): Promise<string[] | null> {
  const unique = [...new Set(ids)];
  if (!unique.every(isUuid) || !isUuid(ownerId)) return null;
  if (unique.length === 0) return [];
  return atomically(db, async (tx) => {
    const rows = await tx.file.findMany({
      where: { id: { in: unique }, ownerId },
      select: { blobKey: true },
    });
    if (rows.length !== unique.length) return null;
    const { count } = await tx.file.deleteMany({ where: { id: { in: unique }, ownerId } });
    // Only a concurrent delete of one of these rows gets here; throwing rolls our deletes back.
    if (count !== unique.length) {
      throw new DbError('concurrent-change', 'files were deleted concurrently; nothing was deleted');
    }
    return rows.map((r) => r.blobKey);
  });
}

/** The file by id, whoever owns it: for the worker, which reads the inputs of an accepted job. */
export async function get(db: DbClient, id: string): Promise<FileDto | null> {
  if (!isUuid(id)) return null;
  const row = await db.file.findUnique({ where: { id }, select: fileSelect });
  return row ? toDto(row) : null;
}

/** The files among these ids that exist (any owner); access is the caller's decision. */
export async function getMany(db: DbClient, ids: readonly string[]): Promise<FileDto[]> {
  const valid = [...new Set(ids)].filter(isUuid);
  if (valid.length === 0) return [];
  const rows = await db.file.findMany({ where: { id: { in: valid } }, select: fileSelect });
  return rows.map(toDto);
}

/**
 * Removes rows stored earlier by a request that then failed (an upload rejected part-way), so
 * nothing of it is kept. Returns the blob keys to remove.
 */
export async function discard(db: DbClient, ids: readonly string[]): Promise<string[]> {
  const valid = [...new Set(ids)].filter(isUuid);
  if (valid.length === 0) return [];
  return atomically(db, async (tx) => {
    const rows = await tx.file.findMany({ where: { id: { in: valid } }, select: { blobKey: true } });
    await tx.file.deleteMany({ where: { id: { in: valid } } });
    return rows.map((r) => r.blobKey);
  });
}
