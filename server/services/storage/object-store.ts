/**
 * Where recordings live: one interface, a local directory by default (local-object-store.ts), S3-compatible
 * object storage when S3_BUCKET is set (s3-object-store.ts). Keys are opaque paths the service chooses
 * (`orgs/<org>/interviews/<interview>/…`), never anything a client sent.
 */
export type StoredObject = {
  /** The bytes asked for (the whole object, or the range). */
  body: ReadableStream<Uint8Array>;
  /** The object's total size. */
  size: number;
};

export type ByteRange = { start: number; end: number };

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The object or one byte range of it (inclusive), or null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The object's size, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
}
