import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2's Algorithm is an ambient const enum, which isolated modules cannot read.
const ARGON2ID = 2;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/** argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane). */
export const argon2idHasher: PasswordHasher = {
  hash: (password) =>
    hash(password, { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 }),
  verify: async (stored, password) => {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  },
};
