import { useEffect } from 'react';

const APP_NAME = 'Medicine Reminder';

/** Spec: titles read '{Screen} - Medicine Reminder'. */
export const pageTitle = (screen: string) => `${screen} - ${APP_NAME}`;

/** The document's title for the screen showing; the description follows the screen too. */
export function usePageTitle(screen: string, description?: string): void {
  useEffect(() => {
    document.title = pageTitle(screen);
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    }
  }, [screen, description]);
}
