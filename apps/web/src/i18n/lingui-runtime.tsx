/**
 * The runtime the Lingui macros compile to (lingui.config.ts, `runtimeConfigModule`; decision 361).
 * Lingui's own `Trans` and `useLingui` read an I18nProvider above them; ours read the one `i18n`
 * of the page, so a component renders translated wherever it is mounted: the signed-out first
 * paint, the full app, the overlays, a portal, a unit test. Each re-renders when the language or
 * its catalog changes.
 */
import { i18n } from '@lingui/core';
import { TransNoContext, type TransProps } from '@lingui/react/server';
import { useSyncExternalStore } from 'react';

export { i18n };

/** Bumped on every change of language, catalog or clock: what a rendered text depends on. */
let version = 0;
const listeners = new Set<() => void>();
/** Every translated or formatted text renders again: the language, a catalog or the clock moved. */
export function textsChanged(): void {
  version += 1;
  for (const listener of listeners) listener();
}
i18n.on('change', textsChanged);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const currentVersion = () => version;

/** The page's catalog version: a component that formats with `i18n` re-renders when it moves. */
export function useCatalogVersion(): number {
  return useSyncExternalStore(subscribe, currentVersion, currentVersion);
}

/** What `const { t } = useLingui()` compiles to: `_` is the translation of a message. */
export function useLingui() {
  useCatalogVersion();
  return { i18n, _: i18n._.bind(i18n) };
}

/** What `<Trans>` compiles to. */
export function Trans(props: TransProps) {
  useCatalogVersion();
  return <TransNoContext {...props} lingui={{ i18n }} />;
}
