const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids reach us from URLs and bodies; PostgreSQL rejects a malformed uuid with an error, we answer "not found". */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
