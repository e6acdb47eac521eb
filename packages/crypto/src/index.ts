export { CryptoError, IntegrityError, WrongKeyError } from './errors.js';
export { formatClientKey, parseClientKey } from './client-key.js';
export { WRAPPED_KEY_BYTES, newDataKey, unwrapKey, wrapKey } from './envelope.js';
export { createEncryptStream } from './encrypt-stream.js';
export { SegmentSealer } from './segment-sealer.js';
export { createDecryptStream, decryptToBuffer } from './decrypt-stream.js';
export { SEGMENT_SIZE } from './stream-format.js';
export { openBuffer, sealBuffer } from './sealed-buffer.js';
export { ENCRYPTED_ENCODING, KEY_ID_METADATA, createPayloadCodec, type PayloadCodecOptions } from './payload-codec.js';
