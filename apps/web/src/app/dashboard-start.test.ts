import { afterEach, describe, expect, it } from 'vitest';
import { takeDashboardStart } from './dashboard-start';

const ADA = { user: { id: 'u1', email: 'ada@example.com', name: 'Ada' } } as const;

function putInPage(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'dashboard-start';
  element.textContent = text;
  document.body.append(element);
}

describe('the dashboard’s first answers from the page (decision 061)', () => {
  afterEach(() => document.getElementById('dashboard-start')?.remove());

  it('are read once, and taken out of the page', () => {
    putInPage(JSON.stringify({ userEmail: 'ada@example.com', date: '2026-11-21' }));
    expect(takeDashboardStart(ADA as never)).toMatchObject({ date: '2026-11-21' });
    expect(document.getElementById('dashboard-start')).toBeNull();
    expect(takeDashboardStart(ADA as never)).toBeUndefined();
  });

  it('are kept only for the user the session names, and never when unreadable', () => {
    putInPage(JSON.stringify({ userEmail: 'bob@example.com' }));
    expect(takeDashboardStart(ADA as never)).toBeUndefined();
    // Taken out all the same: someone's data does not stay in the page.
    expect(document.getElementById('dashboard-start')).toBeNull();
    putInPage(JSON.stringify({ userEmail: 'ada@example.com' }));
    expect(takeDashboardStart({ user: null })).toBeUndefined();
    putInPage('{not json');
    expect(takeDashboardStart(ADA as never)).toBeUndefined();
  });
});
