// Which files of a build the service worker precaches (decision 051): what the app needs to start
// offline and show a signed-in user's dashboard. Every other chunk (the other screens, the login
// form's checks, the Firebase SDK) is cached by the worker the first time it is fetched
// (src/sw.ts, CacheFirst: hashed file names never change content).
import { SIGNED_IN_CHUNK, SIGNED_IN_START_MODULES } from './start-chunks.mjs';

/** The modules whose chunks, with everything they import statically, make the offline start. */
export const OFFLINE_START_MODULES = [
  'index.html', // the entry: React, the signed-out first paint, the PWA prompts
  // The service worker's registration (the update prompt imports it): every start needs it.
  '../../node_modules/workbox-window/build/workbox-window.prod.es5.mjs',
  // The full app and the dashboard (one chunk: decision 059).
  ...SIGNED_IN_START_MODULES,
  'src/shared/dialogs/dialog-host.component.tsx', // a tick asks "Mark as taken?" in a dialog
  '../../node_modules/react-toastify/dist/unstyled.mjs', // "Your offline changes are synced."
  'src/features/offline/restore-offline-data.ts',
];

/**
 * Vite's manifest key of a module's chunk. The modules of the signed-in start have no key of their
 * own: they are all in the `signed-in` chunk (decision 059), keyed by its file name.
 */
export function manifestKeyOf(viteManifest, module) {
  if (viteManifest[module] || !SIGNED_IN_START_MODULES.includes(module)) return module;
  const [key] = Object.entries(viteManifest).find(([, chunk]) => chunk.name === SIGNED_IN_CHUNK) ?? [];
  if (!key) throw new Error(`precache-core: the build has no ${SIGNED_IN_CHUNK} chunk (vite.config.ts)`);
  return key;
}

/**
 * The built files (paths inside dist) of `modules` and of their static imports, CSS included, read
 * from Vite's manifest (`build.manifest`). A module missing from the manifest is an error: a
 * renamed file must not silently drop out of the offline start.
 */
export function offlineStartFiles(viteManifest, modules = OFFLINE_START_MODULES) {
  const files = new Set();
  const visit = (module) => {
    const chunk = viteManifest[manifestKeyOf(viteManifest, module)];
    if (!chunk) throw new Error(`precache-core: ${module} is not in the build's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const asset of chunk.assets ?? []) files.add(asset);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  return files;
}
