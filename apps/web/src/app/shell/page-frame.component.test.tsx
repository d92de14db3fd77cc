import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_NOTICES_ID } from '../../shared/ui/page-notices';
import { PageFrame } from './page-frame.component';

vi.mock('./top-nav.component', () => ({ TopNav: () => <header>top bar</header> }));
vi.mock('./offline-screen.component', () => ({ OfflineScreen: () => null }));

describe('PageFrame', () => {
  it('puts the device notices after the page, so one mounted later moves nothing on screen', () => {
    render(
      <PageFrame offlineDataTime={null}>
        <h1>Today</h1>
      </PageFrame>,
    );
    const heading = document.querySelector('h1')!;
    const notices = document.getElementById(PAGE_NOTICES_ID)!;
    expect(notices.parentElement?.id).toBe('main');
    expect(heading.compareDocumentPosition(notices) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
