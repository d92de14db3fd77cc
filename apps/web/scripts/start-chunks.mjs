// Decision 059: the chunks of the two starts. Rolldown's automatic splitting cut what a start loads
// into many small files (one per set of importers: ten for the entry, 40-odd for a signed-in start),
// and over HTTP/1.1 a browser opens six connections per origin: each six files are a round trip on
// a phone's network. So:
//   - what the entry loads (React, the signed-out first paint, the PWA prompts) is one chunk, the
//     entry's own, except the install offer, which the signed-out pages' starter imports alone;
//   - what a signed-in start runs before the dashboard paints is one chunk, `signed-in`, which the
//     server names in the page it sends with a session cookie (scripts/prerender.mjs writes it).
// Every other screen keeps its own chunk, fetched when it is opened.
import path from 'node:path';

/** The signed-in start's chunk (Vite's manifest: `_signed-in-<hash>.js`, `name: 'signed-in'`). */
export const SIGNED_IN_CHUNK = 'signed-in';

/**
 * The modules a signed-in start imports, from the entry's first dynamic import to the dashboard's
 * first paint (the network log of the benchmark's dashboard start). Each of them and what it imports
 * statically goes into the chunk, except what the entry has loaded already.
 */
export const SIGNED_IN_START_MODULES = [
  'src/app/providers.component.tsx', // the full app: router, React Query, tRPC, auth, shell
  'src/features/dashboard/home.screen.tsx',
  'src/features/dashboard/dashboard.component.tsx',
  'src/app/shell/account-controls.component.tsx', // the bell and the avatar menu of the top bar
  'src/app/shell/signed-in-extras.component.tsx',
  'src/features/offline/offline-account.ts', // the account's answers saved on the device
];

/**
 * Modules reached through a barrel that no part of the signed-in start calls, only later screens:
 * the health journal's domain rules (decision 305), the pack scanner's GS1 reader (decision
 * 327), the postpone form's rules (decision 350: the form loads when pressed), and the router's navigation blocker (the unsaved-changes guard
 * of Settings). A barrel's closure holds all it re-exports, so without this they would land in the
 * signed-in chunk, and in the precache, though no start runs them.
 */
const LATER_SCREENS_ONLY = [
  /[\\/]packages[\\/]domain[\\/]src[\\/]((measurement|journal)-[\w-]+|gs1|gs1-identifiers|gtin|dose-postpone-rules)\.ts$/,
  /[\\/]@tanstack[\\/]react-router[\\/]dist[\\/]esm[\\/]useBlocker\.js$/,
];
const laterScreensOnly = (id) => LATER_SCREENS_ONLY.some((pattern) => pattern.test(id));

/** Every module reachable from `roots` through static imports. */
function staticClosure(context, roots) {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop();
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The Vite plugin that finds the signed-in start's modules once the module graph is known, and the
 * code-splitting groups (`build.rolldownOptions.output.codeSplitting.groups`). A listed module
 * missing from the graph fails the build: a renamed file must not silently leave the chunk.
 */
export function startChunks(webRoot) {
  let signedIn = new Set();
  const plugin = {
    name: 'medrem:start-chunks',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const ids = new Set(this.getModuleIds());
      const roots = SIGNED_IN_START_MODULES.map((file) => path.resolve(webRoot, file));
      // The service worker's build (vite-plugin-pwa) runs these plugins too, without the app.
      if (!ids.has(roots[0])) return;
      const missing = roots.filter((id) => !ids.has(id));
      if (missing.length > 0) this.error(`signed-in start: ${missing.join(', ')} not in the build`);
      signedIn = staticClosure(this, roots);
    },
  };
  const groups = [
    // Imported by the signed-out pages' starter before their first paint: it must stay tiny.
    { name: 'install-offer', test: /[\\/]app[\\/]shell[\\/]install-offer\.ts$/, priority: 3 },
    // What the entries load statically. Rolldown's `$initial` tag counts only what the entries
    // use, so the icons and domain rules only the dashboard uses are not in it.
    {
      name: 'initial',
      tags: ['$initial'],
      test: (id) => !/[\\/]start-after-first-paint\.ts$/.test(id),
      priority: 2,
    },
    // The rest of the signed-in start: its modules not claimed by the groups above. The domain's
    // barrel reaches every rule statically, so a rule only a later screen uses would land here (and
    // in the precache): the health journal's are left to that screen's chunks (decision 305).
    { name: SIGNED_IN_CHUNK, test: (id) => signedIn.has(id) && !laterScreensOnly(id), priority: 1 },
  ];
  return { plugin, groups };
}
