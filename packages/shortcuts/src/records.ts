import type { CustomCategory, ShortcutFile, ShortcutRecord } from './model.js';

const KNOWN_CATEGORY: Record<number, string> = { 1: 'Frequent', 2: 'Recent' };

function categoryName(category: CustomCategory): string | null {
  if (category.type === 'tasks') return 'Tasks';
  if (category.type === 'known') return category.knownCategory !== null ? (KNOWN_CATEGORY[category.knownCategory] ?? null) : null;
  return category.name;
}

/** Every item of a parsed file as records, in file order (Jump List entries in DestList order when it has them). */
export function shortcutRecords(file: ShortcutFile): ShortcutRecord[] {
  switch (file.kind) {
    case 'link':
      return [{ container: 'link', appId: null, entry: null, category: null, link: file.link, destList: null, error: null }];
    case 'automaticDestinations':
      return file.entries.map((e) => ({
        container: file.kind,
        appId: file.appId,
        entry: e.streamName,
        category: null,
        link: e.link,
        destList: e.destList,
        error: e.error,
      }));
    case 'customDestinations':
      return file.categories.flatMap((category, ci) =>
        category.links.map((link, li) => ({
          container: file.kind,
          appId: file.appId,
          entry: `${ci}/${li}`,
          category: categoryName(category),
          link,
          destList: null,
          error: null,
        })),
      );
  }
}
