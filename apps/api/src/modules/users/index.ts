// The users module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { toPublicUser, usersService, type UserRow } from './service.ts';
