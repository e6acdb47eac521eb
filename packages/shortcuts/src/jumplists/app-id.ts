/** The AppID a Jump List's name starts with (16 hex digits, a CRC-64 of the application's path or AppUserModelID), lower case. */
export function appIdFromFileName(fileName: string | undefined): string | null {
  if (fileName === undefined) return null;
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const match = /^[0-9a-f]{16}(?![0-9a-z])/i.exec(base);
  return match ? match[0].toLowerCase() : null;
}
