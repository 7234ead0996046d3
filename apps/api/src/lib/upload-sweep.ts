import type { AppContext } from '../context.ts';

export const UPLOAD_SWEEP_QUEUE = 'upload-sweep';

/** Every folder the app stores uploads in (lib/uploads.ts and the modules that call it). */
export const UPLOAD_FOLDERS = ['avatars', 'banners', 'participants', 'updates', 'logos', 'documents', 'update-files'] as const;

/**
 * A file younger than this may belong to a request still running: stored, its transaction not yet
 * committed. An hour is far beyond any request, so the sweep never races a live upload.
 */
export const UPLOAD_SWEEP_GRACE_MS = 60 * 60 * 1000;

/**
 * Every stored-file reference in the database, as a storage key. Rows hold `/uploads/<key>` URLs,
 * except campaign documents, which hold the key itself. A new column that refers to uploads
 * belongs here, or the sweep would take its files for orphans (the sweep's test stores a file
 * through every upload route and checks none is removed).
 */
const REFERENCED_KEYS_SQL = `
  select regexp_replace(ref, '^/uploads/', '') as key from (
    select image as ref from users
    union all select logo from charities
    union all select banner_image from events
    union all select host_image from events
    union all select profile_image from participants
    union all select file_name from event_documents
    union all select attachment_url from campaign_updates
    union all select image from fundraising_pages
  ) refs where ref is not null and ref <> ''`;

/**
 * Removes uploads no row refers to, older than the grace period. Files are stored before the
 * transaction that records them (a request must not hold a transaction open during an upload), so
 * a crash or a lost connection between the two leaves a file nothing uses; this finds it.
 * The reference list is read after the listing, so a file committed meanwhile is kept.
 */
export async function sweepOrphanUploads(ctx: Pick<AppContext, 'storage' | 'database' | 'clock' | 'log'>): Promise<string[]> {
  const cutoff = ctx.clock.now().getTime() - UPLOAD_SWEEP_GRACE_MS;
  const candidates: string[] = [];
  for (const folder of UPLOAD_FOLDERS) {
    for await (const file of ctx.storage.list(`${folder}/`)) if (file.modifiedAt.getTime() < cutoff) candidates.push(file.key);
  }
  const referenced = new Set((await ctx.database.query<{ key: string }>(REFERENCED_KEYS_SQL)).map((row) => row.key));
  const orphans = candidates.filter((key) => !referenced.has(key));
  for (const key of orphans) await ctx.storage.remove(key);
  // One line per run, also when nothing was found: operators (and the scale-out test) see each run.
  ctx.log.info({ removed: orphans.length, checked: candidates.length }, 'upload sweep finished');
  return orphans;
}

/** The hourly sweep, run by whichever instance's worker takes it first. */
export function defineUploadSweep(ctx: AppContext): void {
  ctx.jobs.define(UPLOAD_SWEEP_QUEUE, async () => void (await sweepOrphanUploads(ctx)), { cron: '17 * * * *', retryLimit: 1 });
}
