/**
 * Password hashing with Argon2id at OWASP's recommended parameters (m = 19 MiB, t = 2, p = 1),
 * through @node-rs/argon2. Hashes are PHC strings (`$argon2id$v=19$m=19456,t=2,p=1$…`) that carry
 * their parameters, so verification works whatever parameters made a hash.
 *
 * Test runs only (KAOPEI_TEST_FAST_HASH=1, set by vitest.config.ts, refused when
 * NODE_ENV=production) hash with m = 1 MiB, t = 1: the suites create hundreds of accounts.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm.Argon2id is an ambient const enum (value 2), not importable under verbatimModuleSyntax.
const ARGON2ID = 2 as Algorithm;
const OWASP = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const FAST_FOR_TESTS = { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;
const OPTIONS = process.env.KAOPEI_TEST_FAST_HASH === '1' && process.env.NODE_ENV !== 'production' ? FAST_FOR_TESTS : OWASP;

/** Hashes a plain password (≈30 ms at the OWASP parameters). */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

// A real hash to verify against when the account does not exist, so that timing does not tell
// whether a user name is registered.
let dummyHash: Promise<string> | undefined;

/** True when `plain` matches `stored`; a missing `stored` still costs one verification. */
export async function verifyPassword(stored: string | undefined, plain: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('kaopei-dummy-password');
    await verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  return verify(stored, plain).catch(() => false);
}
