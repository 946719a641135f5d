import type { Readable } from 'node:stream';
import type { PictureBucketConfig } from '../../config/env.ts';

/** An object read from the bucket, to be streamed on as it arrives. */
export interface BucketObject {
  body: Readable;
  length: number | undefined;
}

/** The S3-compatible bucket uploaded pictures are kept in when the shop has one (ADR 053). */
export interface PictureBucket {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Whether the bucket holds the object, whole (of this length): asked before a picture's bytes leave the database. */
  holds(key: string, length: number): Promise<boolean>;
  /** The object's length, without its bytes (a HEAD); undefined when the bucket has none under that key. */
  lengthOf(key: string): Promise<number | undefined>;
  /** The object, or undefined when the bucket has none under that key. */
  read(key: string): Promise<BucketObject | undefined>;
  /** Ends the client's kept connections: the shop closes it as it closes, a script before it exits. */
  close(): Promise<void>;
}

/** How long a request to the bucket may take before it is given up. */
export interface PictureBucketTimeouts {
  /** To connect. */
  connectionMs: number;
  /** With the connection open and nothing arriving. */
  requestMs: number;
}

const defaultTimeouts: PictureBucketTimeouts = { connectionMs: 3_000, requestMs: 10_000 };

/**
 * The bucket of the S3_ settings. The AWS SDK (some 400 ms and 7 MB to load) is loaded on its first
 * use, not when the shop starts, and never by a shop that keeps its pictures in the database.
 */
export function createPictureBucket(config: PictureBucketConfig, timeouts: PictureBucketTimeouts = defaultTimeouts): PictureBucket {
  let opened: Promise<PictureBucket> | undefined;
  const bucket = () => (opened ??= import('./s3-picture-bucket.ts').then(({ createS3PictureBucket }) => createS3PictureBucket(config, timeouts)));
  return {
    put: async (key, bytes, contentType) => (await bucket()).put(key, bytes, contentType),
    holds: async (key, length) => (await bucket()).holds(key, length),
    lengthOf: async (key) => (await bucket()).lengthOf(key),
    read: async (key) => (await bucket()).read(key),
    async close() {
      if (opened) await (await opened).close();
    },
  };
}
