// The participants module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { participantRoutes as participantsModule } from './routes.ts';
export { participantRecords, type NewParticipant } from './service.ts';
