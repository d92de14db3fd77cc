import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '../i18n/lingui-runtime';

// Decision 361: components render in English, from the messages in their source (Lingui compiles
// them at run time outside production builds, so no catalog is needed here).
i18n.loadAndActivate({ locale: 'en', messages: {} });

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear(); // absent in the files that run in Node (// @vitest-environment node)
});
