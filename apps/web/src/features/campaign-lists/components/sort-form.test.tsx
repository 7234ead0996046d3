import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignSort } from '@pledgeway/domain/catalog';
import { listPath, sortFromSearch, SortForm, withSort } from './sort-form';

// React's act() outside Testing Library.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

describe('the order in a campaign list’s address', () => {
  it('is read from ?sort=, and anything else is the newest first', () => {
    expect(sortFromSearch(new URLSearchParams('sort=ending_soon'))).toBe('ending_soon');
    expect(sortFromSearch(new URLSearchParams('category=Culture&sort=most_raised'))).toBe('most_raised');
    for (const search of ['', 'sort=', 'sort=oldest', 'sort=NEWEST', 'sort=constructor']) {
      expect(sortFromSearch(new URLSearchParams(search)), search).toBe('newest');
    }
  });

  it('is written beside the topic, and the default order leaves no ?sort= behind', () => {
    expect(withSort(new URLSearchParams('category=Culture'), 'ending_soon').toString()).toBe('category=Culture&sort=ending_soon');
    expect(withSort(new URLSearchParams('category=Culture&sort=ending_soon'), 'newest').toString()).toBe('category=Culture');
    expect(listPath('/events/money-bomb', 'most_raised')).toBe('/events/money-bomb?sort=most_raised');
    expect(listPath('/events', 'newest')).toBe('/events');
  });
});

function List({ initial, onChange }: { initial: CampaignSort; onChange(sort: CampaignSort): void }) {
  const [sort, setSort] = useState(initial);
  return (
    <SortForm
      action="/events"
      category="Culture"
      sort={sort}
      onChange={(next) => {
        onChange(next);
        setSort(next);
      }}
    />
  );
}

/** The form as the server sent it, in a page whose app has not run yet. */
function serverRendered(element: React.ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  return container;
}

describe('"Sort by" before the app has hydrated the list', () => {
  it('is a GET form of the list’s own address, topic and all, with a "Sort" button for a browser without JavaScript', () => {
    const container = serverRendered(<List initial="most_raised" onChange={() => undefined} />);
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/events');
    const select = form.querySelector('select')!;
    select.value = 'ending_soon';
    expect([...new FormData(form).entries()]).toEqual([
      ['category', 'Culture'],
      ['sort', 'ending_soon'],
    ]);
    // Shown only where scripts do not run; with JavaScript the app sorts on each choice.
    expect(form.querySelector('noscript')?.innerHTML).toMatch(/^<button type="submit" class="[^"]*">Sort<\/button>$/);
  });

  it('applies a choice made before it once hydrated, and then sorts on each choice', () => {
    const onChange = vi.fn();
    const element = <List initial="newest" onChange={onChange} />;
    const container = serverRendered(element);
    const select = container.querySelector('select')!;
    select.value = 'ending_soon';

    act(() => {
      root = hydrateRoot(container, element);
    });
    expect(onChange).toHaveBeenCalledExactlyOnceWith('ending_soon');
    expect(select.value).toBe('ending_soon');

    act(() => {
      select.value = 'most_raised';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(onChange).toHaveBeenLastCalledWith('most_raised');
    expect(select.value).toBe('most_raised');
  });

  it('changes nothing on hydration when nothing was chosen', () => {
    const onChange = vi.fn();
    const element = <List initial="most_raised" onChange={onChange} />;
    const container = serverRendered(element);
    act(() => {
      root = hydrateRoot(container, element);
    });
    expect(onChange).not.toHaveBeenCalled();
    expect(container.querySelector('select')!.value).toBe('most_raised');
  });
});
