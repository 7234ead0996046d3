import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ListedFile, Storage, StoredFile } from './types.ts';

/** Files in a local folder, served by the app under /uploads/. */
export class LocalStorage implements Storage {
  readonly name = 'local folder';
  constructor(readonly root: string) {}

  private resolve(key: string): string {
    const target = path.resolve(this.root, key);
    if (!target.startsWith(path.resolve(this.root) + path.sep)) throw new Error('invalid storage key');
    return target;
  }

  async put(key: string, body: Buffer): Promise<StoredFile> {
    const target = this.resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, body);
    return { key, url: this.urlFor(key) };
  }

  async remove(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<ListedFile> {
    const folder = this.resolve(prefix.replace(/\/$/, ''));
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names) {
      const info = await stat(path.join(folder, name)).catch(() => undefined);
      if (info?.isFile()) yield { key: `${prefix.replace(/\/$/, '')}/${name}`, modifiedAt: info.mtime };
    }
  }

  urlFor(key: string): string {
    return `/uploads/${key}`;
  }
}
