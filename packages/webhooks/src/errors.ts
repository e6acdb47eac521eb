/** A webhook URL or the address it resolves to is refused (registration: 400; delivery: not sent, not retried). */
export class WebhookTargetError extends Error {
  override readonly name = 'WebhookTargetError';
}
