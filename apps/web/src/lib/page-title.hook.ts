import { t } from '@lingui/core/macro';
import { useEffect } from 'react';

/** Spec: titles read '{Screen} - Medicine Reminder'. */
export const pageTitle = (screen: string) =>
  t({
    message: `${screen} - Medicine Reminder`,
    comment: "The document's title: {screen} is the screen's name",
  });

/** The document's title for the screen showing; the description follows the screen too. */
export function usePageTitle(screen: string, description?: string): void {
  useEffect(() => {
    document.title = pageTitle(screen);
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    }
  }, [screen, description]);
}
