/**
 * A zip member's name as analysts read it: `/` separators, no leading `./` or `/`, and a
 * Velociraptor collector's URL-encoded segments (`uploads/auto/C%3A/…`, `uploads/ntfs/%5C%5C.%5CC%3A/…`)
 * decoded, as are its `results/…` names. KAPE and flat layouts store names as they are.
 */
export function memberPath(stored: string): string {
  const segments = stored
    .replace(/\\/g, '/')
    .split('/')
    .filter((s, i) => s !== '' && !(i === 0 && s === '.'));
  // A collector zip's uploads and its artifacts' results (`results/<Artifact>%2F<Source>.json`) are encoded.
  const velociraptor = segments.some((s) => s.toLowerCase() === 'uploads') || segments[0]?.toLowerCase() === 'results';
  return (velociraptor ? segments.map(decodeSegment) : segments).join('/');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // Not percent-encoding after all (a literal `%` Velociraptor did not write): keep it.
    return segment;
  }
}

/** The profile a member lies under (`…/Users/<name>/…`, any case), or null. */
export function profileOf(path: string): string | null {
  const segments = path.split('/');
  // The last segment is the file itself: `Users/<name>` needs something below it.
  for (let i = 0; i < segments.length - 2; i++) {
    if (segments[i]!.toLowerCase() === 'users') return segments[i + 1]!;
  }
  return null;
}
