import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes, 1 lane). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  /**
   * Verifies against the stored hash, or against a throwaway hash when there is none, so an unknown
   * email costs as much time as a wrong password.
   */
  async verify(storedHash: string | null | undefined, password: string): Promise<boolean> {
    this.dummyHash ??= this.hash('not-a-real-password');
    const hash = storedHash ?? (await this.dummyHash);
    try {
      const ok = await argon2.verify(hash, password);
      return ok && !!storedHash;
    } catch {
      return false;
    }
  }
}
