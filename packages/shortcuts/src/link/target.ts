import type { LinkInfo, LinkTarget, ShellItem } from '../model.js';

/** Joins a base path and a suffix with one backslash between them. */
function join(base: string, suffix: string | null): string {
  if (suffix === null || suffix === '') return base;
  return base.endsWith('\\') ? `${base}${suffix}` : `${base}\\${suffix}`;
}

function fromLinkInfo(info: LinkInfo): LinkTarget | null {
  if (info.volume !== null && info.localBasePath !== null && info.localBasePath !== '') {
    const type = info.volume.driveType;
    const kind = type === 'removable' || type === 'cdrom' ? 'removable' : type === 'remote' ? 'network' : 'local';
    // The suffix is appended as stored ([MS-SHLLINK] 2.3): local base paths already end where it starts.
    return { kind, path: `${info.localBasePath}${info.commonPathSuffix ?? ''}`, source: 'linkInfo' };
  }
  if (info.network !== null && info.network.netName !== '') {
    return { kind: 'network', path: join(info.network.netName, info.commonPathSuffix), source: 'network' };
  }
  return null;
}

/** A file system path from the ID list when it names a drive or a share, followed by file entries. */
function fromIdList(items: ShellItem[]): LinkTarget | null {
  let base: { path: string; kind: LinkTarget['kind'] } | null = null;
  const names: string[] = [];
  for (const item of items) {
    if (item.kind === 'volume' && item.name !== null && /^[A-Za-z]:\\?$/.test(item.name)) {
      base = { path: item.name.endsWith('\\') ? item.name : `${item.name}\\`, kind: 'local' };
      names.length = 0;
    } else if (item.kind === 'network' && item.location.startsWith('\\\\')) {
      base = { path: item.location, kind: 'network' };
      names.length = 0;
    } else if (item.kind === 'fileEntry') {
      names.push(item.name);
    } else if (item.kind === 'delegate' && item.inner?.kind === 'fileEntry') {
      names.push(item.inner.name);
    } else if (base !== null) {
      return null;
    }
  }
  if (base === null) return null;
  return { kind: base.kind, path: names.reduce((p, n) => join(p, n), base.path), source: 'idList' };
}

/**
 * The best full target path and its kind: LinkInfo (local base path or share + suffix), then the
 * environment block, then a drive or share path spelled by the ID list, then the ID list as shell
 * names, then the relative path.
 */
export function resolveTarget(
  linkInfo: LinkInfo | null,
  environmentTarget: string | null,
  items: ShellItem[],
  idListPath: string | null,
  relativePath: string | null,
): LinkTarget {
  const info = linkInfo !== null ? fromLinkInfo(linkInfo) : null;
  if (info !== null) return info;
  if (environmentTarget !== null && environmentTarget !== '') {
    return { kind: environmentTarget.startsWith('\\\\') ? 'network' : 'local', path: environmentTarget, source: 'environment' };
  }
  const fromItems = fromIdList(items);
  if (fromItems !== null) return fromItems;
  if (idListPath !== null) return { kind: 'shell', path: idListPath, source: 'idList' };
  if (relativePath !== null && relativePath !== '') return { kind: 'local', path: relativePath, source: 'relativePath' };
  return { kind: 'shell', path: null, source: null };
}
