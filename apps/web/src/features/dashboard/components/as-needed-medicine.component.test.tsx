import type { AsNeededIntake } from '@medrem/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { medicine } from '../../../test/factories';
import { AsNeededMedicine } from './as-needed-medicine.component';

interface Mocks {
  intakes: AsNeededIntake[];
  /** The last input the card read its log with. */
  logInput: unknown;
  mutateAsync: ReturnType<typeof vi.fn>;
  confirmDialog: ReturnType<typeof vi.fn>;
}

const mocks = vi.hoisted((): Mocks => ({
  intakes: [],
  logInput: null,
  mutateAsync: vi.fn(),
  confirmDialog: vi.fn(),
}));

vi.mock('../../../lib/trpc', () => ({
  trpc: {
    useUtils: () => ({
      medicine: { asNeededLog: { invalidate: () => Promise.resolve() }, invalidate: () => Promise.resolve() },
      report: { invalidate: () => Promise.resolve() },
    }),
    medicine: {
      asNeededLog: {
        useQuery: (input: unknown) => {
          mocks.logInput = input;
          return { data: { intakes: mocks.intakes } };
        },
      },
      takeAsNeeded: { useMutation: () => ({ mutateAsync: mocks.mutateAsync, isPending: false }) },
    },
  },
}));
vi.mock('../../../shared/dialogs/dialog.store', () => ({ confirmDialog: mocks.confirmDialog }));

const ibuprofen = medicine({
  id: 'ibu',
  name: 'Ibuprofen',
  frequency: '0',
  startDate: '2026-11-01',
  schedule: { kind: 'asNeeded', maxPer24h: 2, minIntervalMinutes: 120 },
});
const intake = (takenAt: string): AsNeededIntake => ({ id: takenAt, takenAt, override: false });
const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

function renderCard() {
  render(<AsNeededMedicine medicine={ibuprofen} today="2026-11-21" timeZone="UTC" />);
  fireEvent.click(screen.getByRole('button', { name: 'Take now' }));
}

describe('AsNeededMedicine: the limits judged before sending (decision 218)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T09:00:00Z'));
    mocks.intakes = [];
    mocks.mutateAsync.mockReset().mockResolvedValue({});
    mocks.confirmDialog.mockReset().mockResolvedValue(false);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('reads the log of the two days before today too, and lists only today’s intakes as taken today', () => {
    mocks.intakes = [intake('2026-11-20T22:00:00.000Z'), intake('2026-11-21T01:00:00.000Z')];
    render(<AsNeededMedicine medicine={ibuprofen} today="2026-11-21" timeZone="UTC" />);
    expect(mocks.logInput).toEqual({ id: 'ibu', from: '2026-11-19', to: '2026-11-21' });
    expect(screen.getByText(/Taken today:/).textContent).toBe('Taken today: 1:00 AM');
  });

  it('offline, shows the reason and the time the next dose is allowed, and sends nothing', async () => {
    setOnline(false);
    // 2 in 24 hours: last evening's and tonight's doses fill the window until 22:00 today.
    mocks.intakes = [intake('2026-11-20T22:00:00.000Z'), intake('2026-11-21T01:00:00.000Z')];
    renderCard();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ibuprofen is limited to at most 2 in 24 hours. The next dose is allowed at 10:00 PM on 2026-11-21.',
    );
    expect(mocks.mutateAsync).not.toHaveBeenCalled();
    expect(mocks.confirmDialog).not.toHaveBeenCalled();
  });

  it('online, asks before sending a dose over the limit, and sends nothing when declined', async () => {
    setOnline(true);
    mocks.intakes = [intake('2026-11-21T08:30:00.000Z')];
    renderCard();
    await waitFor(() => expect(mocks.confirmDialog).toHaveBeenCalledTimes(1));
    const message =
      'Ibuprofen is limited to at least 2 hours apart. The next dose is allowed at 10:30 AM on 2026-11-21.';
    expect(mocks.confirmDialog.mock.calls[0]?.[0]).toMatchObject({
      message: expect.stringContaining(message),
    });
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(mocks.mutateAsync).not.toHaveBeenCalled();
  });

  it('online, a confirmed dose over the limit is sent as an override, the server marking it', async () => {
    setOnline(true);
    mocks.intakes = [intake('2026-11-21T08:30:00.000Z')];
    mocks.confirmDialog.mockResolvedValue(true);
    renderCard();
    await waitFor(() => expect(mocks.mutateAsync).toHaveBeenCalledWith({ id: 'ibu', override: true }));
  });

  it('within the limits, sends the dose for the server to judge', async () => {
    setOnline(true);
    mocks.intakes = [intake('2026-11-21T06:30:00.000Z')];
    renderCard();
    await waitFor(() => expect(mocks.mutateAsync).toHaveBeenCalledWith({ id: 'ibu', override: false }));
    expect(mocks.confirmDialog).not.toHaveBeenCalled();
  });
});
