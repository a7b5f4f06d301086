import { getEnv } from '@/server/env';
import { createLocalObjectStore } from './local-object-store';
import type { ObjectStore } from './object-store';
import { createS3ObjectStore } from './s3-object-store';

const KEY = Symbol.for('interview-screening.object-store');
type Holder = { [KEY]?: { signature: string; store: ObjectStore } };

/** The configured store: S3-compatible when S3_BUCKET is set, else the local directory STORAGE_DIR. One per configuration. */
export function getObjectStore(): ObjectStore {
  const env = getEnv();
  const signature = JSON.stringify([env.S3_BUCKET, env.S3_ENDPOINT, env.S3_REGION, env.S3_ACCESS_KEY_ID, env.S3_FORCE_PATH_STYLE, env.STORAGE_DIR]);
  const holder = globalThis as Holder;
  if (holder[KEY]?.signature !== signature) {
    const store = env.S3_BUCKET
      ? createS3ObjectStore({
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        })
      : createLocalObjectStore(env.STORAGE_DIR);
    holder[KEY] = { signature, store };
  }
  return holder[KEY]!.store;
}
