import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { PictureBucketConfig } from '../../config/env.ts';
import type { PictureBucket, PictureBucketTimeouts } from './picture-bucket.ts';

// The AWS SDK lives here alone, loaded by picture-bucket.ts on the bucket's first use: a shop without
// the S3_ settings never loads it (ADR 053).

const isMissing = (error: unknown) => error instanceof NoSuchKey || error instanceof NotFound;

/** The bucket through the AWS SDK, each request given up once its time is out (and tried once more). */
export function createS3PictureBucket(config: PictureBucketConfig, timeouts: PictureBucketTimeouts): PictureBucket {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // A bucket that takes the connection and never answers would otherwise hold the request for good.
    requestHandler: { connectionTimeout: timeouts.connectionMs, requestTimeout: timeouts.requestMs, throwOnRequestTimeout: true },
    maxAttempts: 2,
  });
  const Bucket = config.bucket;

  async function lengthOf(key: string): Promise<number | undefined> {
    try {
      return (await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  return {
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },

    async holds(key, length) {
      return (await lengthOf(key)) === length;
    },

    lengthOf,

    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        // On Node.js the SDK answers with the response's own stream.
        if (!(object.Body instanceof Readable)) throw new Error(`The bucket answered ${key} without a readable body`);
        return { body: object.Body, length: object.ContentLength };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    close() {
      client.destroy();
      return Promise.resolve();
    },
  };
}
