import type { ZonedNow } from '@medrem/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Greeting } from './greeting.component';

describe('Greeting', () => {
  it('says the saved zone’s date in long form, whatever the browser’s zone', () => {
    const now: ZonedNow = { date: '2026-12-06', time: '09:30', hour: 9, minutes: 570 };
    render(<Greeting name="Ada Lovelace" now={now} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Good Morning, Ada');
    expect(screen.getByText('Sunday, December 6, 2026')).toBeTruthy();
  });
});
