import { filetimeToIso } from '@quarry/registry';
import { checkIso } from '../decoders/plausible-time.js';
import type { HiveKeys } from '../store/hive-keys.js';
import { str, valueOf, type SlimKey } from '../store/slim-key.js';

/**
 * Amcache.hve in both of its forms:
 * - Windows 8 / Server 2012 / 10 before 1709: `Root\File\{volume GUID}\{file reference}` with
 *   numbered values (0 product, 1 company, 15 full path, 17 last modified FILETIME, 100 program id,
 *   101 SHA-1 after a `0000` prefix);
 * - Windows 10 1709+ / 11: `Root\InventoryApplicationFile\<name|hash>` (files),
 *   `Root\InventoryApplication\<program id>` (programs) and `Root\InventoryDriverBinary\<path>`
 *   (drivers, the key name is the path with `/` for `\`).
 */
export const AMCACHE_PATTERNS = [
  'Root\\InventoryApplicationFile\\*',
  'Root\\InventoryApplication\\*',
  'Root\\InventoryDriverBinary\\*',
  'Root\\File\\*',
  'Root\\File\\*\\*',
];

export interface AmcacheTrace {
  key: SlimKey;
  source: 'Amcache File' | 'Amcache Program' | 'Amcache Driver';
  item: string;
  details: string;
}

type Warn = (note: string) => void;

/** A SHA-1 as Amcache stores it: `0000` then 40 hex digits; anything else is not shown as a hash. */
function sha1(key: SlimKey, name: string, warn: Warn): string {
  const raw = str(key, name).trim();
  if (raw === '') return '';
  const m = /^0000([0-9a-f]{40})$/i.exec(raw);
  if (!m) {
    warn(`${key.path}\\${name}: "${raw.slice(0, 60)}" is not 0000 + a 40-digit SHA-1; not shown`);
    return '';
  }
  return m[1]!.toLowerCase();
}

const join = (parts: (string | false | null | undefined)[]): string => parts.filter((p) => p).join('; ');

/** Value 17 (REG_QWORD FILETIME) of the old form; zero means unset. */
function qwordTime(key: SlimKey, name: string, warn: Warn): string {
  const d = valueOf(key, name)?.data;
  if (typeof d !== 'bigint' && typeof d !== 'number') return '';
  const ft = BigInt(d);
  if (ft === 0n) return '';
  const t = checkIso(filetimeToIso(ft));
  if (t.bad || t.iso === null) {
    warn(`${key.path}\\${name}: ${t.bad ?? `FILETIME 0x${ft.toString(16)} is out of range`}; not shown`);
    return '';
  }
  return t.iso;
}

function oldForm(hive: HiveKeys, warn: Warn): AmcacheTrace[] {
  const out: AmcacheTrace[] = [];
  for (const vol of hive.children('Root\\File')) {
    for (const k of hive.children(vol.path)) {
      const path = str(k, '15');
      if (!path) continue;
      const modified = qwordTime(k, '17', warn);
      const hash = sha1(k, '101', warn);
      out.push({
        key: k,
        source: 'Amcache File',
        item: path,
        details: join([
          str(k, '0') && `product ${str(k, '0')}`,
          str(k, '1') && `company ${str(k, '1')}`,
          hash && `SHA1 ${hash}`,
          modified && `modified ${modified.slice(0, 19).replace('T', ' ')} UTC`,
        ]),
      });
    }
  }
  return out;
}

function inventory(hive: HiveKeys, warn: Warn): AmcacheTrace[] {
  const out: AmcacheTrace[] = [];
  for (const k of hive.children('Root\\InventoryApplicationFile')) {
    const hash = sha1(k, 'FileId', warn);
    out.push({
      key: k,
      source: 'Amcache File',
      item: str(k, 'LowerCaseLongPath') || k.name,
      details: join([
        str(k, 'Publisher'),
        str(k, 'Version') && `version ${str(k, 'Version')}`,
        hash && `SHA1 ${hash}`,
        str(k, 'LinkDate') && `link date ${str(k, 'LinkDate')}`,
      ]),
    });
  }
  for (const k of hive.children('Root\\InventoryApplication')) {
    const name = str(k, 'Name');
    if (!name) continue;
    out.push({
      key: k,
      source: 'Amcache Program',
      item: name,
      details: join([
        str(k, 'Version') && `version ${str(k, 'Version')}`,
        str(k, 'Publisher'),
        str(k, 'InstallDate') && `installed ${str(k, 'InstallDate')}`,
        str(k, 'Source') && `source ${str(k, 'Source')}`,
        str(k, 'RootDirPath') && `folder ${str(k, 'RootDirPath')}`,
      ]),
    });
  }
  for (const k of hive.children('Root\\InventoryDriverBinary')) {
    const hash = sha1(k, 'DriverId', warn);
    out.push({
      key: k,
      source: 'Amcache Driver',
      item: k.name.replaceAll('/', '\\'),
      details: join([
        str(k, 'DriverCompany'),
        str(k, 'Product') && `product ${str(k, 'Product')}`,
        str(k, 'DriverVersion') && `version ${str(k, 'DriverVersion')}`,
        str(k, 'Service') && `service ${str(k, 'Service')}`,
        str(k, 'DriverSigned') !== '' && `signed ${str(k, 'DriverSigned') === '1' ? 'yes' : 'no'}`,
        hash && `SHA1 ${hash}`,
      ]),
    });
  }
  return out;
}

/** Every Amcache file, program and driver entry of one hive (both forms: a hive upgraded in place may hold both). */
export function amcacheTraces(hive: HiveKeys, warn: Warn): AmcacheTrace[] {
  return [...oldForm(hive, warn), ...inventory(hive, warn)];
}
