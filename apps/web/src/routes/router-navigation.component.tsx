import { Link, useRouter } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import { type AppLinkProps, type Navigation, NavigationContext } from '../lib/navigation';

function RouterLink({ to, search, className, children, onClick, exact }: AppLinkProps) {
  return (
    <Link
      to={to}
      search={search}
      className={className}
      onClick={onClick}
      activeOptions={exact ? { exact: true } : undefined}
    >
      {children}
    </Link>
  );
}

/** The shared components' links and navigation inside the full app: TanStack Router's. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const router = useRouter();
  const value = useMemo<Navigation>(
    () => ({ Link: RouterLink, replaceWith: (to) => router.navigate({ to, replace: true }) }),
    [router],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}
