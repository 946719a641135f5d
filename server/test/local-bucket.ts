import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { freePort } from './free-port.ts';

const bucketName = 'joinery-pictures';
/** s3rver takes any key pair that is set: these are its own. */
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** An S3-compatible server of the tests' own (s3rver), on a free port, keeping its objects in a temporary folder. */
export interface LocalBucket {
  /** The shop's settings for it (ADR 053). */
  env: Record<string, string>;
  /** An object's bytes, read back through the SDK; undefined when there is none. */
  read(key: string): Promise<Buffer | undefined>;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** The requests it was sent (`HEAD /joinery-pictures/product-images/…`), oldest first; clear it to count afresh. */
  requests: string[];
  /** Stops the server once `count` more objects have been stored, as a bucket that goes away mid-run. */
  stopAfter(count: number): void;
  /** Starts it again on the same port, with the objects it had. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startLocalBucket(): Promise<LocalBucket> {
  const port = await freePort();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-bucket-'));
  const endpoint = `http://127.0.0.1:${port}`;
  let server: S3rver | undefined;
  let stopping: Promise<void> | undefined;
  const requests: string[] = [];
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucketName }] });
    await server.run();
    server.httpServer?.on('request', (request) => requests.push(`${request.method} ${request.url}`));
    stopping = undefined;
  };
  const stop = () => {
    const running = server;
    server = undefined;
    if (!stopping && running) {
      stopping = running.close();
      // Kept-alive connections too, a request under way included: the client finds no server at all.
      running.httpServer?.closeAllConnections();
    }
    return stopping ?? Promise.resolve();
  };
  await start();
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });

  return {
    env: {
      S3_BUCKET: bucketName,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    requests,
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucketName, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucketName }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    stopAfter(count) {
      let left = count;
      server?.on('event', () => {
        left -= 1;
        if (left === 0) void stop();
      });
    },
    restart: async () => {
      await stop();
      await start();
    },
    async close() {
      client.destroy();
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
