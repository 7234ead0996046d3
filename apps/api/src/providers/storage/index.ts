import type { Config } from '../../config.ts';
import { LocalStorage } from './local.ts';
import type { Storage } from './types.ts';

export type { ListedFile, Storage, StoredFile, StoredObject } from './types.ts';

/** S3_BUCKET selects the bucket (the AWS SDK is loaded only then); otherwise the local folder of DATA_DIR. */
export async function createStorage(config: Config): Promise<Storage> {
  if (!config.s3) return new LocalStorage(config.uploadsDir);
  const { S3Storage } = await import('./s3.ts');
  return new S3Storage(config.s3);
}
