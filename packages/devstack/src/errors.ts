/** Which part of the local stack failed. */
export type Component = 'postgres' | 'temporal' | 'temporal-cli' | 'master-key' | 'stack' | 'minio';

/** The one error type of @quarry/devstack: names the component and keeps the cause. */
export class DevstackError extends Error {
  constructor(
    readonly component: Component,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${component}: ${message}`, options);
    this.name = 'DevstackError';
  }
}
