import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import { LocalStorage } from './local.ts';

export interface StoredFile {
  /** Key inside the store, e.g. `avatars/3f2c….jpg`. */
  key: string;
  /** Path or URL a browser can load. */
  url: string;
}

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number | undefined;
}

/** Where uploaded files live; chosen once at start (DESIGN.md section 2). */
export interface Storage {
  readonly name: string;
  put(key: string, body: Buffer, contentType: string): Promise<StoredFile>;
  remove(key: string): Promise<void>;
  urlFor(key: string): string;
  /** Stores the app does not serve as static files answer /uploads/ through this; undefined when missing. */
  read?(key: string): Promise<StoredObject | undefined>;
  close?(): void;
}

/** S3_BUCKET selects the bucket (the AWS SDK is loaded only then); otherwise the local folder of DATA_DIR. */
export async function createStorage(config: Config): Promise<Storage> {
  if (!config.s3) return new LocalStorage(config.uploadsDir);
  const { S3Storage } = await import('./s3.ts');
  return new S3Storage(config.s3);
}
