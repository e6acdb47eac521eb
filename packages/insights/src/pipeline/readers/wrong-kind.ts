import { detectFileKind, evidenceTypes, fileKindLabel, type FileKind, type ParseCategory } from '@quarry/vocabulary';
import { acceptsKind } from '../../file-kind.js';
import { UnusableInputError } from '../errors.js';
import type { InputRef } from '../input.js';

/** The input's kind, detected from its first bytes; a kind the category does not take fails the job. */
export function acceptedKind(category: ParseCategory, input: InputRef, head: Uint8Array): FileKind {
  const kind = detectFileKind(head);
  if (!acceptsKind(category, kind)) {
    throw new UnusableInputError(`File ${input.name} is not ${evidenceTypes[category].expected} (detected: ${fileKindLabel(kind)})`);
  }
  return kind;
}
