/**
 * Upload size limits, free of zod so a page that only checks a picked file's size (the register
 * page's avatar) does not pull the schema library into its first load.
 */
export const IMAGE_LIMIT_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_LIMIT_BYTES = 10 * 1024 * 1024;
