import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ExportedStream {
  name: string;
  data: Uint8Array;
}

/** Every stream olecfexport (libolecf-utils) writes for a compound file: <target>.export/<stream>/StreamData.bin. */
export function olecfExport(file: string): ExportedStream[] {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-olecf-'));
  try {
    execFileSync('olecfexport', ['-t', join(dir, 'out'), file], { stdio: 'pipe' });
    const root = join(dir, 'out.export');
    return readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => ({ name: d.name, data: new Uint8Array(readFileSync(join(root, d.name, 'StreamData.bin'))) }))
      .sort((a, b) => a.name.localeCompare(b.name));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Stream names and sizes as olecfinfo lists them ("  DestList (2538 bytes)" under the root entry). */
export function olecfInfo(file: string): { name: string; size: number }[] {
  const out = execFileSync('olecfinfo', [file], { encoding: 'utf8' });
  const items = out.slice(out.indexOf('Root Entry'));
  return [...items.matchAll(/^ {2}(\S.*) \((\d+) bytes\)$/gm)].map((m) => ({ name: m[1]!, size: Number(m[2]) })).sort((a, b) => a.name.localeCompare(b.name));
}

export interface LnkinfoView {
  localPath: string | null;
  arguments: string | null;
  networkPath: string | null;
  machineId: string | null;
  droidVolumeId: string | null;
  droidFileId: string | null;
  birthDroidVolumeId: string | null;
  birthDroidFileId: string | null;
}

/** The fields of `lnkinfo -v` (liblnk-utils) these tests compare, for a link held in memory. */
export function lnkinfo(data: Uint8Array): LnkinfoView {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-lnkinfo-'));
  try {
    const file = join(dir, 'stream.lnk');
    writeFileSync(file, data);
    const out = execFileSync('lnkinfo', ['-v', file], { encoding: 'utf8' });
    const field = (label: string) => new RegExp(`^\\t${label}\\s*: (.*)$`, 'm').exec(out)?.[1] ?? null;
    return {
      localPath: field('Local path'),
      arguments: field('Command line arguments'),
      networkPath: field('Network path'),
      machineId: field('Machine identifier'),
      droidVolumeId: field('Droid volume identifier'),
      droidFileId: field('Droid file identifier'),
      birthDroidVolumeId: field('Birth droid volume identifier'),
      birthDroidFileId: field('Birth droid file identifier'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
