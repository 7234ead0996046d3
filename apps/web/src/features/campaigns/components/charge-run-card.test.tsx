// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChargeRun } from '@pledgeway/domain/schemas/lifecycle';
import type { ManageEventResponse } from '@pledgeway/domain/schemas/event-update';
import { ChargeRunCard } from './charge-run-card';

const runQuery = vi.hoisted(() => ({ current: { data: null as ChargeRun | null, isError: false, error: null } }));
vi.mock('../api/get-charge-run', () => ({ useCampaignChargeRun: () => runQuery.current }));
afterEach(cleanup);

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
  it('tells the creator of a live money bomb when its pledges are charged and what All or Nothing means', () => {
    runQuery.current = { data: null, isError: false, error: null };
    render(<ChargeRunCard event={event({})} />);
    expect(
      screen.getByText(/Pledges are charged automatically at the deadline if the target is reached \(otherwise every pledge is released\)/).textContent,
    ).toBe('Pledges are charged automatically at the deadline if the target is reached (otherwise every pledge is released): Jan 3, 2030, 12:00 PM UTC.');
    expect(screen.getByRole('timer').textContent).toMatch(/^\d+ days \d+ hours? left$/);
  });

  it("shows the run the deadline started, held or finished, as the admin's console counts it", () => {
    runQuery.current = { data: run({ status: 'held', charged: 0, failed: 0 }), isError: false, error: null };
    const { unmount } = render(<ChargeRunCard event={event({ status: 'completed' })} />);
    expect(screen.getByText(/the platform team is reviewing the campaign before its pledges are charged/).textContent).toBe(
      'The deadline has passed and the platform team is reviewing the campaign before its pledges are charged. Nothing is charged yet. Started automatically at the deadline.',
    );
    unmount();
    runQuery.current = { data: run({}), isError: false, error: null };
    render(<ChargeRunCard event={event({ status: 'completed' })} />);
    expect(
      screen.getByText(
        'Finished. 2 of 2 pledges done: 1 charged ($45.00), 1 failed, 0 released. Your funding of $100.00, charged at submission, passes $91.80 on to the charity (less its card fee and the 5% platform fee); it is not charged again. Started automatically at the deadline.',
      ).textContent,
    ).toBe(
      'Finished. 2 of 2 pledges done: 1 charged ($45.00), 1 failed, 0 released. Your funding of $100.00, charged at submission, passes $91.80 on to the charity (less its card fee and the 5% platform fee); it is not charged again. Started automatically at the deadline.',
    );
  });

  it('counts the match charges apart from the pledges, and says a finished run still has a dispute open', () => {
    runQuery.current = {
      data: run({
        total: 4,
        match_charges: { total: 1, charged: 1, failed: 0, released: 0, charged_amount: 60 },
        open_disputes: 1,
      }),
      isError: false,
      error: null,
    };
    render(<ChargeRunCard event={event({ status: 'completed' })} />);
    expect(
      screen.getByText(
        /^Finished · 1 dispute open\. 2 of 2 pledges done: 1 charged \(\$45\.00\), 1 failed, 0 released\. 1 of 1 match charge done: 1 charged \(\$60\.00\), 0 failed, 0 released\. Your funding of \$100\.00/,
      ).textContent,
    ).toBe(
      'Finished · 1 dispute open. 2 of 2 pledges done: 1 charged ($45.00), 1 failed, 0 released. 1 of 1 match charge done: 1 charged ($60.00), 0 failed, 0 released. Your funding of $100.00, charged at submission, passes $91.80 on to the charity (less its card fee and the 5% platform fee); it is not charged again. Started automatically at the deadline.',
    );
    expect(screen.queryByText(/^Finished\./)).toBeNull();
  });

  it('says a run still charging is running, counting the pledges without the funding', () => {
    runQuery.current = {
      data: run({ status: 'running', finished_at: null, pledges: { total: 2, charged: 1, failed: 0, released: 0, charged_amount: 45 } }),
      isError: false,
      error: null,
    };
    render(<ChargeRunCard event={event({ status: 'completed' })} />);
    expect(
      screen.getByText(/^Running: charging the pledges one by one\. 1 of 2 pledges done: 1 charged \(\$45\.00\), 0 failed, 0 released\./).textContent,
    ).toBe(
      'Running: charging the pledges one by one. 1 of 2 pledges done: 1 charged ($45.00), 0 failed, 0 released. Your funding of $100.00, charged at submission, passes $91.80 on to the charity (less its card fee and the 5% platform fee); it is not charged again. Started automatically at the deadline.',
    );
    expect(screen.queryByText(/Finished/)).toBeNull();
  });

  it('says plainly when a run has no supporters’ pledges', () => {
    runQuery.current = {
      data: run({ trigger: 'admin', total: 1, charged: 1, failed: 0, pledges: { total: 0, charged: 0, failed: 0, released: 0, charged_amount: 0 } }),
      isError: false,
      error: null,
    };
    render(<ChargeRunCard event={event({ status: 'completed' })} />);
    expect(screen.getByText(/^Finished\. No supporters’ pledges to charge in this run\. Your funding of \$100\.00/).textContent).toBe(
      'Finished. No supporters’ pledges to charge in this run. Your funding of $100.00, charged at submission, passes $91.80 on to the charity (less its card fee and the 5% platform fee); it is not charged again.',
    );
  });

  it('says nothing for a live event promotion, which is charged on the admin’s confirmation', () => {
    const { container } = render(<ChargeRunCard event={event({ kind: 'event', deadline: null })} />);
    expect(container.textContent).toBe('');
  });
});
