import type { DashboardSeriesPoint } from '@pledgeway/domain/schemas/admin';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatDollars, formatShortDate } from '../lib/format';

const PLEDGED_COLOUR = '#b45309';
const CHARGED_COLOUR = '#047857';

/**
 * Pledges and charges per day (uPlot: a small canvas chart that lives in the admin chunk only).
 * The same numbers are in a table for screen readers, since a canvas says nothing.
 */
export function DailyChart({ series }: { series: DashboardSeriesPoint[] }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const days = series.map((point) => Date.parse(`${point.date}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: element.clientWidth,
        height: 260,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true } },
        axes: [{ stroke: '#4d5a76' }, { stroke: '#4d5a76', size: 70, values: (_plot, ticks) => ticks.map((tick) => formatDollars(tick, { whole: true })) }],
        series: [
          {},
          {
            label: 'Pledged',
            stroke: PLEDGED_COLOUR,
            width: 2,
            fill: 'rgba(180, 83, 9, 0.08)',
            value: (_plot, value) => (value === null ? '—' : formatDollars(value)),
          },
          { label: 'Charged', stroke: CHARGED_COLOUR, width: 2, value: (_plot, value) => (value === null ? '—' : formatDollars(value)) },
        ],
      },
      [days, series.map((point) => point.pledged), series.map((point) => point.charged)],
      element,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: 260 }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [series]);

  return (
    <figure>
      <div ref={container} aria-hidden="true" className="w-full" />
      <figcaption className="sr-only">Pledged and charged per day over the last 30 days</figcaption>
      <table className="sr-only">
        <caption>Pledged and charged per day, last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Pledged</th>
            <th scope="col">Charged</th>
          </tr>
        </thead>
        <tbody>
          {series.map((point) => (
            <tr key={point.date}>
              <th scope="row">{formatShortDate(point.date)}</th>
              <td>{formatDollars(point.pledged)}</td>
              <td>{formatDollars(point.charged)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
