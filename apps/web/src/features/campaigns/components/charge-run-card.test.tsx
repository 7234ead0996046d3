// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChargeRunResponse, type ChargeRun } from '@pledgeway/domain/schemas/lifecycle';
import type { ManageEventResponse } from '@pledgeway/domain/schemas/event-update';
import { answer, failure, malformed, server } from '@/test/network';
import { renderWithQueries } from '@/test/render';
import { ChargeRunCard } from './charge-run-card';

afterEach(cleanup);

/** The campaign's run as GET /events/{id}/charge-run answers it; none yet is the API's 404. */
const answersRun = (data: ChargeRun | null) =>
  server.use(
    data
      ? answer('get', '/events/e1/charge-run', ChargeRunResponse, { success: true, data })
      : failure('get', '/events/e1/charge-run', 404, 'No charge run yet', 'NOT_FOUND'),
  );
const render = renderWithQueries;

const event = (values: Partial<ManageEventResponse>) =>
  ({ _id: 'e1', status: 'approved', funding_model: 'all_or_nothing', deadline: '2030-01-03T12:00:00.000Z', ...values }) as ManageEventResponse;
const run = (values: Partial<ChargeRun>): ChargeRun => ({
  _id: 'r1',
  event_id: 'e1',
  status: 'finished',
  outcome: 'charge',
  trigger: 'deadline',
  total: 3,
  charged: 2,
  failed: 1,
  released: 0,
  charged_amount: 145,
  pledges: { total: 2, charged: 1, failed: 1, released: 0, charged_amount: 45 },
  match_charges: { total: 0, charged: 0, failed: 0, released: 0, charged_amount: 0 },
  funding: { amount: 100, to_charity: 91.8, outcome: 'passed_on' },
  open_disputes: 0,
  started_at: '2030-01-03T12:00:30.000Z',
  finished_at: '2030-01-03T12:01:00.000Z',
  ...values,
});

describe('ChargeRunCard', () => {
  it('tells the creator of a live money bomb when its pledges are charged and what All or Nothing means', async () => {
    answersRun(null);
    render(<ChargeRunCard event={event({})} />);
    const said = await screen.findByText(/Pledges are charged automatically at the deadline if the target is reached \(otherwise every pledge is released\)/);
    expect(said.textContent).toMatch(/^Pledges are charged automatically at the deadline if the target is reached \(otherwise every pledge is released\)/);
    expect(screen.getByRole('timer').textContent).not.toBe('');
  });

  it("shows the run the deadline started, held or finished, as the admin's console counts it", async () => {
    answersRun(run({ status: 'held', charged: 0, failed: 0 }));
    const { unmount } = render(<ChargeRunCard event={event({ status: 'completed' })} />);
    expect((await screen.findByText(/the platform team is reviewing the campaign before its pledges are charged/)).textContent).toMatch(
      /^The deadline has passed and the platform team is reviewing the campaign before its pledges are charged/,
    );
    unmount();
    answersRun(run({}));
    render(<ChargeRunCard event={event({ status: 'completed' })} />);
    const finished =
      'Finished. 2 of 2 pledges done: 1 charged ($45.00), 1 failed, 0 released. Your funding of $100.00, charged at submission, passes $91.80 on to the charity (less its card fee and the 5% platform fee); it is not charged again. Started automatically at the deadline.';
    expect((await screen.findByText(finished)).textContent).toBe(finished);
  });

  it('counts the match charges apart from the pledges, and says a finished run still has a dispute open', async () => {
    answersRun(run({ total: 4, match_charges: { total: 1, charged: 1, failed: 0, released: 0, charged_amount: 60 }, open_disputes: 1 }));
    render(<ChargeRunCard event={event({ status: 'completed' })} />);
    const said = await screen.findByText(/^Finished · 1 dispute open\./);
    expect(said.textContent).toMatch(
      /^Finished · 1 dispute open\. 2 of 2 pledges done: 1 charged \(\$45\.00\), 1 failed, 0 released\. 1 of 1 match charge done: 1 charged \(\$60\.00\), 0 failed, 0 released\. Your funding of \$100\.00/,
    );
    expect(screen.queryByText(/^Finished\./)).toBeNull();
  });

  it('says a run still charging is running, counting the pledges without the funding', async () => {
    answersRun(run({ status: 'running', finished_at: null, pledges: { total: 2, charged: 1, failed: 0, released: 0, charged_amount: 45 } }));
    render(<ChargeRunCard event={event({ status: 'completed' })} />);
    const said = await screen.findByText(/^Running: charging the pledges one by one\./);
    expect(said.textContent).toMatch(/^Running: charging the pledges one by one\. 1 of 2 pledges done: 1 charged \(\$45\.00\), 0 failed, 0 released\./);
    expect(screen.queryByText(/Finished/)).toBeNull();
  });

  it('refuses a run whose counts are missing: it says so and shows no figures', async () => {
    const { pledges: _pledges, ...withoutPledges } = run({});
    server.use(malformed('get', '/events/e1/charge-run', { success: true, data: withoutPledges }));
    render(<ChargeRunCard event={event({ status: 'completed' })} />);
    const refusal = await screen.findByText(/was not understood/);
    expect(refusal.textContent).toMatch(/^The server's answer for GET \/events\/e1\/charge-run was not understood \(data\.pledges: /);
    expect(screen.queryByText(/\$45\.00|\$0\.00/)).toBeNull();
  });

  it('says plainly when a run has no supporters’ pledges', async () => {
    answersRun(run({ trigger: 'admin', total: 1, charged: 1, failed: 0, pledges: { total: 0, charged: 0, failed: 0, released: 0, charged_amount: 0 } }));
    render(<ChargeRunCard event={event({ status: 'completed' })} />);
    const said = await screen.findByText(/^Finished\. No supporters’ pledges to charge in this run\./);
    expect(said.textContent).toMatch(/^Finished\. No supporters’ pledges to charge in this run\. Your funding of \$100\.00/);
  });

  it('says nothing for a live event promotion, which is charged on the admin’s confirmation', () => {
    const { container } = render(<ChargeRunCard event={event({ kind: 'event', deadline: null })} />);
    expect(container.textContent).toBe('');
  });
});
