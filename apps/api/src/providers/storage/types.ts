import type { Readable } from 'node:stream';

export interface StoredFile {
  /** Key inside the store, e.g. `avatars/3f2c….jpg`. */
  key: string;
  /** Path or URL a browser can load. */
  url: string;
}

/** A stored file as a listing sees it. */
export interface ListedFile {
  key: string;
  modifiedAt: Date;
}

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number | undefined;
}

/** Where uploaded files live; chosen once at start (docs/architecture.md#providers). */
export interface Storage {
  readonly name: string;
  put(key: string, body: Buffer, contentType: string): Promise<StoredFile>;
  remove(key: string): Promise<void>;
  urlFor(key: string): string;
  /** Stores the app does not serve as static files answer /uploads/ through this; undefined when missing. */
  read?(key: string): Promise<StoredObject | undefined>;
  /** Every file under a folder (`avatars/`), for the orphan-upload sweep. */
  list(prefix: string): AsyncIterable<ListedFile>;
  close?(): void;
}
