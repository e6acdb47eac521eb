const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const UUID_ANY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuidV4 = (value: string): boolean => UUID_V4.test(value);
/** Resource ids are v4 too, but older clients may send any RFC 4122 form; accept the shape. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_ANY.test(value);
