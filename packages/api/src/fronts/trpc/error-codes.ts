import type { TRPCError } from '@trpc/server';
import type { AppErrorCode } from '../../errors/app-error.js';

/** Every AppError code has its tRPC code: a new code fails to compile until it is mapped here. */
export const TRPC_CODE: Record<AppErrorCode, TRPCError['code']> = {
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_TOKEN_FORMAT: 'UNAUTHORIZED',
  INVALID_KEY_FORMAT: 'BAD_REQUEST',
  KEY_REQUIRED: 'BAD_REQUEST',
  JOB_KEY_REQUIRED: 'FORBIDDEN',
  WRONG_KEY: 'FORBIDDEN',
  BAD_REQUEST: 'BAD_REQUEST',
  NOT_FOUND: 'NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TIMEOUT: 'TIMEOUT',
  VALIDATION_FAILED: 'UNPROCESSABLE_CONTENT',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
};
