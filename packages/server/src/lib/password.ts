import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP minimum: m = 19 MiB, t = 2, p = 1. */
const OPTIONS = { algorithm: 2 as unknown as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Burns the same time as a real check, so unknown e-mails answer as slowly as known ones. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
