import { type ComponentType, type MouseEvent, type ReactNode, createContext, useContext } from 'react';

export interface AppLinkProps {
  to: string;
  /** Query parameters of the link, e.g. the page to come back to after signing in. */
  search?: Record<string, string>;
  className?: string;
  children: ReactNode;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** Active (data-status="active", aria-current="page") only on this exact path, not below it. */
  exact?: boolean;
}

/**
 * Links and navigation for the components both starts of the app render (the top bar, the login
 * form, the sign-in buttons): the router's inside the full app, plain ones in the signed-out first
 * paint, which has no router (decision 051).
 */
export interface Navigation {
  Link: ComponentType<AppLinkProps>;
  /** Goes to a path of the app, replacing the current history entry (after a sign-in). */
  replaceWith: (to: string) => Promise<void>;
}

export const NavigationContext = createContext<Navigation | null>(null);

export function useNavigation(): Navigation {
  const value = useContext(NavigationContext);
  if (!value) throw new Error('useNavigation must be used inside a NavigationContext provider');
  return value;
}

/** The address of a link: its path and, when it has any, its query. */
export function hrefOf(to: string, search?: Record<string, string>): string {
  const query = new URLSearchParams(search).toString();
  return query ? `${to}?${query}` : to;
}
