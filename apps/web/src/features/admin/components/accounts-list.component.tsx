import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { buttonClass, inputClass } from '../../../shared/ui/button.styles';
import { AccountRow } from './account-row.component';

const PAGE_SIZE = 20;

/** The accounts, newest first, searched by address and paged; never medicine data (issue 57). */
export function AccountsList() {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const accounts = trpc.admin.accounts.useQuery({
    query: query.trim() || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const total = accounts.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor="admin-account-search" className="font-medium text-slate-800">
          <Trans>Search by email address</Trans>
        </label>
        <input
          id="admin-account-search"
          type="search"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setPage(1);
          }}
          className={inputClass}
        />
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {accounts.data ? <Plural value={total} one="# account" other="# accounts" /> : t`Loading accounts...`}
      </p>
      <ul className="flex flex-col gap-3">
        {accounts.data?.accounts.map((account) => (
          <AccountRow key={account.id} account={account} />
        ))}
      </ul>
      {pages > 1 ? (
        <nav aria-label={t`Account pages`} className="flex items-center justify-between gap-2">
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            <Trans>Previous</Trans>
          </button>
          <span className="text-slate-700">
            <Trans>
              Page {page} of {pages}
            </Trans>
          </span>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            <Trans>Next</Trans>
          </button>
        </nav>
      ) : null}
    </div>
  );
}
