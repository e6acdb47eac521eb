/** What the SDK's service errors carry that we branch on. */
interface ServiceErrorShape {
  name?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

const shape = (err: unknown): ServiceErrorShape => (typeof err === 'object' && err !== null ? (err as ServiceErrorShape) : {});

export const httpStatusOf = (err: unknown): number | undefined => shape(err).$metadata?.httpStatusCode;

/** A missing object: GetObject says NoSuchKey, HeadObject (no body) only 404 NotFound. */
export function isMissingObject(err: unknown): boolean {
  const { name, Code } = shape(err);
  return name === 'NoSuchKey' || Code === 'NoSuchKey' || name === 'NotFound' || (httpStatusOf(err) === 404 && name !== 'NoSuchBucket');
}

/** A range that starts at or past the end of the object (always the case for an empty one). */
export const isInvalidRange = (err: unknown): boolean => shape(err).name === 'InvalidRange' || httpStatusOf(err) === 416;

/** An If-Match that no longer holds: the object was replaced between two ranged reads. */
export const isPreconditionFailed = (err: unknown): boolean => shape(err).name === 'PreconditionFailed' || httpStatusOf(err) === 412;

/** One line for an operator: the service's code and status, or the network error's message. */
export function describeS3Error(err: unknown): string {
  const { name, $metadata } = shape(err);
  const status = $metadata?.httpStatusCode;
  const message = err instanceof Error ? err.message : String(err);
  return status
    ? `${name ?? 'error'} (HTTP ${status})${message && message !== name && message !== 'UnknownError' ? `: ${message}` : ''}`
    : `${name ?? 'error'}: ${message}`;
}
