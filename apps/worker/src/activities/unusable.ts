import { ApplicationFailure } from '@temporalio/activity';
import { UNUSABLE_INPUT } from '@quarry/temporal';

/** Input no retry can fix: the workflow records it as the job's Error insight. */
export const unusable = (message: string): ApplicationFailure => ApplicationFailure.nonRetryable(message, UNUSABLE_INPUT);
