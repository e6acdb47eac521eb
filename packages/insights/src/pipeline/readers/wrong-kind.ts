import type { ParseCategory } from '@quarry/vocabulary';
import { ACCEPTED_KINDS, EXPECTED_LABEL } from '../../accepted-kinds.js';
import { FILE_KIND_LABEL, detectFileKind, type FileKind } from '../../file-kind.js';
import { UnusableInputError } from '../errors.js';
import type { InputRef } from '../input.js';

/** The input's kind, detected from its first bytes; a kind the category does not take fails the job. */
export function acceptedKind(category: ParseCategory, input: InputRef, head: Uint8Array): FileKind {
  const kind = detectFileKind(head);
  if (!ACCEPTED_KINDS[category].includes(kind)) {
    throw new UnusableInputError(`File ${input.name} is not ${EXPECTED_LABEL[category]} (detected: ${FILE_KIND_LABEL[kind]})`);
  }
  return kind;
}
