import { CreateBucketCommand, type S3Client } from '@aws-sdk/client-s3';

/**
 * Creates `bucket` unless it already exists (ours or not: the start-up check then tells whether we
 * may use it). For test set-ups and first installs; production buckets are made by their operators.
 */
export async function createBucket(client: S3Client, bucket: string): Promise<void> {
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw err;
  }
}
