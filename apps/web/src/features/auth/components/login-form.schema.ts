import { loginInputSchema } from '@medrem/contract';
import type { z } from 'zod';

// Its messages in the page's language (issue 54), from the start catalog the first paint has.
export { contractMessage } from '../contract-messages';

/** The login form's rules: the contract's, for the two fields the form has. */
export const loginFormSchema = loginInputSchema.pick({ email: true, password: true });
export type LoginFormInput = z.input<typeof loginFormSchema>;
export type LoginFormOutput = z.output<typeof loginFormSchema>;
