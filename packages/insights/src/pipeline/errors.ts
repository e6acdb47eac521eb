/**
 * Input no retry can fix: a file of the wrong type, or a job none of whose inputs could be read.
 * The worker turns it into the job's Error insight; the message names the file and is shown to the owner.
 */
export class UnusableInputError extends Error {
  override readonly name = 'UnusableInputError';
}
