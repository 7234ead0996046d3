/** Shown wherever a user has no profile picture (or it fails to load). */
export const DEFAULT_AVATAR = '/images/avatar-default.svg';
