export { PledgeCard } from './pledge-card';
export { PLEDGE_STATUS, PledgeStatusBadge } from './pledge-status';
