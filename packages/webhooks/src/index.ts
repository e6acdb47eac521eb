export { WebhookTargetError } from './errors.js';
export { privateAddressReason } from './addresses.js';
export { hostOf, pinnedLookup, resolveTarget, systemResolver, type AddressPolicy, type ResolvedAddress, type Resolver } from './resolve.js';
export { parseWebhookUrl } from './url.js';
export { formatSigningSecret, newSigningSecret, signatureOf, signedHeaders } from './signature.js';
export { openSigningSecret, sealSigningSecret, webhookSecretKey } from './secret-box.js';
export { jobEventBody, type JobEventFacts } from './message.js';
export { sendWebhook, type SendOutcome, type SendRequest } from './send.js';
