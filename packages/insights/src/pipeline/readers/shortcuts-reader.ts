import { acceptsKind, detectFileKind, fileKindLabel } from '../../file-kind.js';
import { peek } from '../peek.js';
import type { JobReader } from './reader.js';

/**
 * Shell links and Jump Lists, each input recognised by its bytes. Until the parser lands
 * (parseShortcutFile, @quarry/shortcuts) every input is reported unread, and the job goes on.
 */
export const readShortcutInputs: JobReader<'lnk'> = async function* (inputs) {
  for (const input of inputs) {
    const { head, close } = await peek(input.open());
    await close();
    const kind = detectFileKind(head);
    const facts = { detected_type: fileKindLabel(kind) };
    const error = acceptsKind('lnk', kind) ? 'shortcut parsing is not available yet' : `not a shell link or Jump List (detected: ${fileKindLabel(kind)})`;
    yield { type: 'done', report: { input: input.ref, records: 0, warnings: [], error, facts } };
  }
};
