/**
 * Password hashing with Argon2id at OWASP's recommended parameters (m = 19 MiB, t = 2, p = 1),
 * through @node-rs/argon2. Hashes are PHC strings (`$argon2id$v=19$m=19456,t=2,p=1$…`).
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm.Argon2id is an ambient const enum (value 2), not importable under verbatimModuleSyntax.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a plain password (≈30 ms). */
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
