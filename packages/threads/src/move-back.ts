import type { TransferListItem } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';

/**
 * For a task's return value: `value` reaches the caller with the buffers and ports in `transfer`
 * moved, not copied (a task's result is otherwise cloned). Call it on a pool thread only.
 */
export function moveBack<T>(value: T, transfer: readonly TransferListItem[]): T {
  if (transfer.length === 0) return value;
  const wrapper = {
    get [transferableSymbol]() {
      return transfer;
    },
    get [valueSymbol]() {
      return value;
    },
  };
  return move(wrapper as unknown as ArrayBuffer) as unknown as T;
}
