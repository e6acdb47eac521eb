/**
 * Orders upstream release labels (W7_SP1, W8.1_8.1, W10_1607, W10_20H2, W11_24H2,
 * WindowsServer2019_1809, ...) oldest first, from the label alone, so a label from a newer
 * upstream release (W11_25H2) needs no table update. Servers sort beside the client release they
 * share a build with.
 */
export function releaseRank(label: string): number {
  const [family = '', release = ''] = label.split('_');
  const major = /^WindowsServer/i.test(family) ? 10 : Number.parseFloat(family.replace(/^W/i, '')) || 0;
  let minor = 0;
  const half = /^(\d\d)H([12])$/i.exec(release);
  if (half) minor = Number(half[1]) * 100 + (half[2] === '1' ? 5 : 10);
  else if (/^\d{4}$/.test(release)) minor = Number(release);
  return major * 10_000 + minor + (/^WindowsServer/i.test(family) ? 0.5 : 0);
}

export function compareReleases(a: string, b: string): number {
  return releaseRank(a) - releaseRank(b) || (a < b ? -1 : a > b ? 1 : 0);
}
