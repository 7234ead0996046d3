/**
 * The e-mail shape every form and route checks. Kept free of zod so the public pages' bundle
 * (the footer's newsletter field) can use it without loading the schema library.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
