/**
 * Canonical names of well-known properties by "format id/property id" (Windows SDK propkey.h), the
 * ones shell links and shell items carry.
 */
const NAMES: Record<string, string> = {
  'b725f130-47ef-101a-a5f1-02608c9eebac/2': 'System.ItemFolderNameDisplay',
  'b725f130-47ef-101a-a5f1-02608c9eebac/4': 'System.ItemTypeText',
  'b725f130-47ef-101a-a5f1-02608c9eebac/10': 'System.ItemNameDisplay',
  'b725f130-47ef-101a-a5f1-02608c9eebac/12': 'System.Size',
  'b725f130-47ef-101a-a5f1-02608c9eebac/13': 'System.FileAttributes',
  'b725f130-47ef-101a-a5f1-02608c9eebac/14': 'System.DateModified',
  'b725f130-47ef-101a-a5f1-02608c9eebac/15': 'System.DateCreated',
  'b725f130-47ef-101a-a5f1-02608c9eebac/16': 'System.DateAccessed',
  '28636aa6-953d-11d2-b5d6-00c04fd918d0/5': 'System.ComputerName',
  '28636aa6-953d-11d2-b5d6-00c04fd918d0/11': 'System.ItemType',
  '28636aa6-953d-11d2-b5d6-00c04fd918d0/30': 'System.ParsingPath',
  'e3e0584c-b788-4a5a-bb20-7f5a44c9acdd/6': 'System.ItemFolderPathDisplay',
  'e3e0584c-b788-4a5a-bb20-7f5a44c9acdd/7': 'System.ItemPathDisplay',
  '49691c90-7e17-101a-a91c-08002b2ecda9/3': 'System.Search.Rank',
  '446d16b1-8dad-4870-a748-402ea43d788c/100': 'System.ThumbnailCacheId',
  '446d16b1-8dad-4870-a748-402ea43d788c/104': 'System.VolumeId',
  '9f4c2855-9f79-4b39-a8d0-e1d42de1d5f3/2': 'System.AppUserModel.RelaunchCommand',
  '9f4c2855-9f79-4b39-a8d0-e1d42de1d5f3/3': 'System.AppUserModel.RelaunchIconResource',
  '9f4c2855-9f79-4b39-a8d0-e1d42de1d5f3/4': 'System.AppUserModel.RelaunchDisplayNameResource',
  '9f4c2855-9f79-4b39-a8d0-e1d42de1d5f3/5': 'System.AppUserModel.ID',
  '9f4c2855-9f79-4b39-a8d0-e1d42de1d5f3/6': 'System.AppUserModel.IsDestListSeparator',
  '9f4c2855-9f79-4b39-a8d0-e1d42de1d5f3/8': 'System.AppUserModel.ExcludeFromShowInNewInstall',
  '9f4c2855-9f79-4b39-a8d0-e1d42de1d5f3/9': 'System.AppUserModel.PreventPinning',
  '9f4c2855-9f79-4b39-a8d0-e1d42de1d5f3/11': 'System.AppUserModel.IsDualMode',
  '9f4c2855-9f79-4b39-a8d0-e1d42de1d5f3/12': 'System.AppUserModel.StartPinOption',
  '9f4c2855-9f79-4b39-a8d0-e1d42de1d5f3/26': 'System.AppUserModel.ToastActivatorCLSID',
  'f29f85e0-4ff9-1068-ab91-08002b27b3d9/2': 'System.Title',
  'f29f85e0-4ff9-1068-ab91-08002b27b3d9/3': 'System.Subject',
  'f29f85e0-4ff9-1068-ab91-08002b27b3d9/4': 'System.Author',
  'f29f85e0-4ff9-1068-ab91-08002b27b3d9/5': 'System.Keywords',
  'f29f85e0-4ff9-1068-ab91-08002b27b3d9/6': 'System.Comment',
  '46588ae2-4cbc-4338-bbfc-139326986dce/4': 'System.SID',
  'dabd30ed-0043-4789-a7f8-d013a4736622/100': 'System.ItemFolderPathDisplayNarrow',
  'b9b4b3fc-2b51-4a42-b5d8-324146afcf25/2': 'System.Link.TargetParsingPath',
  'b9b4b3fc-2b51-4a42-b5d8-324146afcf25/8': 'System.Link.TargetSFGAOFlags',
};

/** NAMES by format id, then by property id: looked up for every property without building a key string. */
const BY_FORMAT = new Map<string, Map<string, string>>();
for (const [key, name] of Object.entries(NAMES)) {
  const [formatId = '', id = ''] = key.split('/');
  BY_FORMAT.set(formatId, (BY_FORMAT.get(formatId) ?? new Map<string, string>()).set(id, name));
}

export function propertyName(formatId: string, id: number | string): string | null {
  const names = BY_FORMAT.get(formatId);
  return names === undefined ? null : (names.get(String(id)) ?? null);
}
