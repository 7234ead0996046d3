import type { EventSummaryResponse } from '@pledgeway/domain/schemas/event-response';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function demoEvent(id: string, name: string, status: EventSummaryResponse['status'], values: Partial<EventSummaryResponse>): EventSummaryResponse {
  return {
    _id: `demo-${id}`,
    name,
    description: 'A sample campaign shown in Demo Mode. It is not saved anywhere and nothing you do here changes your account.',
    categories: [],
    kind: 'event',
    funding_model: 'all_donations',
    status,
    target_amount: 5000,
    payment_amount: 0,
    supporters: 0,
    banner_image: '',
    banner_image_url: '',
    location_type: 'virtual',
    event_location: '',
    online_event_link: '',
    event_date: inDays(30),
    event_time: '18:00',
    start_date: null,
    created_at: new Date().toISOString(),
    owner_id: 'demo',
    host: { full_name: 'Demo Host', about: '', occupation: '', company_name: '', about_you: '', profile_image: '' },
    ...values,
  };
}

/** Demo Mode's mock campaigns (docs/product.md#demo-mode-and-test-mode: Active, Pending, Completed). Never sent anywhere. */
export function demoEvents(): EventSummaryResponse[] {
  return [
    demoEvent('active', 'Demo: Community 5K Charity Run', 'approved', {
      payment_amount: 3250,
      supporters: 41,
      categories: ['Sports'],
      banner_image_url: '/images/campaign-banner-02.svg',
    }),
    demoEvent('pending', 'Demo: Neighbourhood Food Drive', 'pending', {
      payment_amount: 0,
      target_amount: 2000,
      banner_image_url: '/images/campaign-banner-03.svg',
    }),
    demoEvent('completed', 'Demo: Veterans Benefit Concert', 'completed', {
      payment_amount: 7800,
      target_amount: 7500,
      event_date: inDays(-5),
      categories: ['Music'],
      banner_image_url: '/images/campaign-banner-01.svg',
    }),
  ];
}
