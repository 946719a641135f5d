// s3rver ships no types: the little of it the tests use.
declare module 's3rver' {
  import { EventEmitter } from 'node:events';
  import type { Server } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    /** Where it keeps buckets and objects. */
    directory: string;
    configureBuckets?: { name: string }[];
  }

  /** Emits `event` (an S3 event record) for each object created. */
  export default class S3rver extends EventEmitter {
    constructor(options: S3rverOptions);
    /** Set once it runs. */
    httpServer: Server | undefined;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
