import type { DbClient } from '../client.js';
import { toBuffer, toBytes } from '../bytes.js';
import type { Prisma } from '../generated/prisma/client.js';
import { assertStorableText } from '../text.js';
import { atomically } from '../transaction.js';
import { isUuid } from '../uuid.js';

/** The last delivery made to a webhook, as its owner sees it (no body, no secret). */
export interface WebhookDeliveryDto {
  id: string;
  jobId: string;
  event: string;
  attempts: number;
  /** The receiver's HTTP status of the last attempt; null when it never answered. */
  lastStatus: number | null;
  lastError: string | null;
  lastAttemptAt: Date | null;
  deliveredAt: Date | null;
  /** When it was given up (no further attempt). */
  failedAt: Date | null;
}

export interface WebhookDto {
  id: string;
  ownerId: string;
  url: string;
  events: string[];
  createdAt: Date;
  lastDelivery: WebhookDeliveryDto | null;
}

/** What the delivery activity needs of a webhook: never listed, never sent to a front. */
export interface WebhookTargetDto {
  id: string;
  ownerId: string;
  url: string;
  sealedSecret: Buffer;
}

export interface NewWebhook {
  /** Chosen by the caller: the sealed secret is bound to it. */
  id: string;
  ownerId: string;
  url: string;
  events: readonly string[];
  sealedSecret: Uint8Array;
}

const deliverySelect = {
  id: true,
  jobId: true,
  event: true,
  attempts: true,
  lastStatus: true,
  lastError: true,
  lastAttemptAt: true,
  deliveredAt: true,
  failedAt: true,
} as const;

const webhookSelect = {
  id: true,
  ownerId: true,
  url: true,
  events: true,
  createdAt: true,
  deliveries: { select: deliverySelect, orderBy: [{ createdAt: 'desc' as const }, { id: 'desc' as const }], take: 1 },
} satisfies Prisma.WebhookSelect;

type WebhookRow = Omit<WebhookDto, 'lastDelivery'> & { deliveries: WebhookDeliveryDto[] };

const toDto = ({ deliveries, ...row }: WebhookRow): WebhookDto => ({ ...row, lastDelivery: deliveries[0] ?? null });

/** How long a stored error message may be: a receiver's text is not ours to keep in full. */
const ERROR_CHARS = 500;

export async function create(db: DbClient, input: NewWebhook): Promise<WebhookDto> {
  assertStorableText(input.url, 'the webhook URL');
  const row = await db.webhook.create({
    data: { id: input.id, ownerId: input.ownerId, url: input.url, events: [...input.events], sealedSecret: toBytes(input.sealedSecret) },
    select: webhookSelect,
  });
  return toDto(row);
}

/** The owner's webhooks, oldest first, each with its latest delivery. */
export async function listByOwner(db: DbClient, ownerId: string): Promise<WebhookDto[]> {
  if (!isUuid(ownerId)) return [];
  const rows = await db.webhook.findMany({ where: { ownerId }, select: webhookSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return rows.map(toDto);
}

export async function countByOwner(db: DbClient, ownerId: string): Promise<number> {
  return isUuid(ownerId) ? db.webhook.count({ where: { ownerId } }) : 0;
}

/** Deletes one of the owner's webhooks (its deliveries go with it); false when it is not theirs or absent. */
export async function deleteOwned(db: DbClient, id: string, ownerId: string): Promise<boolean> {
  if (!isUuid(id) || !isUuid(ownerId)) return false;
  const { count } = await db.webhook.deleteMany({ where: { id, ownerId } });
  return count === 1;
}

/** The webhook the delivery activity sends to, by id; null once deleted. */
export async function getTarget(db: DbClient, id: string): Promise<WebhookTargetDto | null> {
  if (!isUuid(id)) return null;
  const row = await db.webhook.findUnique({ where: { id }, select: { id: true, ownerId: true, url: true, sealedSecret: true } });
  return row ? { ...row, sealedSecret: toBuffer(row.sealedSecret) } : null;
}

/**
 * One delivery row per webhook of the owner that listens for `event`, created once (a retried
 * call returns the same ids, so a message keeps its `webhook-id` across retries).
 */
export async function deliveriesFor(db: DbClient, ownerId: string, jobId: string, event: string): Promise<{ id: string; webhookId: string }[]> {
  if (!isUuid(ownerId) || !isUuid(jobId)) return [];
  return atomically(db, async (tx) => {
    const hooks = await tx.webhook.findMany({ where: { ownerId, events: { has: event } }, select: { id: true }, orderBy: { createdAt: 'asc' } });
    if (hooks.length === 0) return [];
    await tx.webhookDelivery.createMany({ data: hooks.map((h) => ({ webhookId: h.id, jobId, event })), skipDuplicates: true });
    const rows = await tx.webhookDelivery.findMany({
      where: { jobId, event, webhookId: { in: hooks.map((h) => h.id) } },
      select: { id: true, webhookId: true },
      orderBy: { createdAt: 'asc' },
    });
    return rows;
  });
}

export async function getDelivery(db: DbClient, id: string): Promise<(WebhookDeliveryDto & { webhookId: string }) | null> {
  if (!isUuid(id)) return null;
  return db.webhookDelivery.findUnique({ where: { id }, select: { ...deliverySelect, webhookId: true } });
}

/**
 * Records one attempt: its HTTP status (null: none came back) and error; `delivered` when it
 * succeeded, `final` when no attempt will follow a failure.
 */
export async function recordAttempt(
  db: DbClient,
  id: string,
  attempt: { status: number | null; error: string | null; delivered: boolean; final: boolean; at: Date },
): Promise<void> {
  if (!isUuid(id)) return;
  await db.webhookDelivery.updateMany({
    where: { id },
    data: {
      attempts: { increment: 1 },
      lastStatus: attempt.status,
      lastError: attempt.error === null ? null : attempt.error.slice(0, ERROR_CHARS),
      lastAttemptAt: attempt.at,
      ...(attempt.delivered ? { deliveredAt: attempt.at } : attempt.final ? { failedAt: attempt.at } : {}),
    },
  });
}
