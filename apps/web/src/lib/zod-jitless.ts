/**
 * Every `import 'zod'` of the bundle (the contract's too) resolves here through the Vite alias in
 * vite.config.ts. The CSP has no 'unsafe-eval', and zod probes `new Function` as soon as an object
 * schema is built (the blocked probe is reported as a CSP violation), so its JIT must be off before
 * any schema module runs: this module runs right after zod itself and before all of them.
 */
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z };
export default z;
