import type { Config } from '../../config.ts';
import { LocalStorage } from './local.ts';

export interface StoredFile {
  /** Key inside the store, e.g. `avatars/3f2c….jpg`. */
  key: string;
  /** Path or URL a browser can load. */
  url: string;
}

/** Where uploaded files live; chosen once at start (DESIGN.md section 2). */
export interface Storage {
  readonly name: string;
  put(key: string, body: Buffer, contentType: string): Promise<StoredFile>;
  remove(key: string): Promise<void>;
  urlFor(key: string): string;
}

export function createStorage(config: Config): Storage {
  return new LocalStorage(config.uploadsDir);
}
