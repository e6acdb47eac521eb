import { files, type FileDto, type JobDto } from '@quarry/db';
import { unusable } from './unusable.js';

/** The job's input files in order; a file deleted since the job was created makes the job unusable. */
export async function scanInputs(deps: Parameters<typeof files.get>[0], job: JobDto): Promise<FileDto[]> {
  const out: FileDto[] = [];
  for (const item of job.inputs) {
    const file = await files.get(deps, item.fileId);
    if (!file) throw unusable(`Input file ${item.fileName} was deleted before the job could read it`);
    out.push(file);
  }
  return out;
}

/** A small input read whole (YARA jobs total at most 250 MB): decrypted in memory, never written to disk. */
export async function readWhole(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of stream) parts.push(chunk);
  return Buffer.concat(parts);
}
