import { useEffect } from 'react';

const APP_NAME = 'Medicine Reminder';

/** Spec: titles read '{Screen} - Medicine Reminder'; the description follows the screen too. */
export function usePageTitle(screen: string, description?: string): void {
  useEffect(() => {
    document.title = `${screen} - ${APP_NAME}`;
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    }
  }, [screen, description]);
}
