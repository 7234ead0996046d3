// The donations module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { donationRoutes as donationsModule } from './routes.ts';
export { createDonationsService, donationRecords, type StripeDonationState } from './service.ts';
