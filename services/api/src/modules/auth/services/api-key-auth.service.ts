import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { API_KEY_PREFIX, type ApiKeyScope } from '@slotwise/contracts';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';

/** A key's visible start: the prefix and 8 characters of the random part. */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 8;

/** How often a key's last-used time is written (not on every request). */
const LAST_USED_EVERY_MS = 60_000;

export const hashApiKey = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** A new key: 256 random bits behind a visible prefix; store only `hash`. */
export function newApiKey(): { token: string; prefix: string; hash: string } {
  const token = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, prefix: token.slice(0, SHOWN_CHARACTERS), hash: hashApiKey(token) };
}

/** The caller a valid key stands for. */
export interface ApiKeyCaller {
  keyId: number;
  businessId: number;
  scopes: ApiKeyScope[];
  /**
   * The business's owner now (its owner membership, whoever the business was created for), as whom
   * the owner routes run: a hand-over moves every key to the new owner's rights.
   */
  ownerUserId: string;
  ownerEmail: string;
}

/** Looks up bearer API keys by their hash (never by the key itself). */
@Injectable()
export class ApiKeyAuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The key's caller; null for a key unknown, revoked, or of a business without an owner. */
  async authenticate(token: string): Promise<ApiKeyCaller | null> {
    const [row] = (await this.dataSource.query(
      `SELECT k.id, k.business_id, k.scopes, k.last_used_at, u.id AS user_id, u.email
         FROM api_keys k
         JOIN memberships m ON m.business_id = k.business_id AND m.role = 'owner'
         JOIN users u ON u.id = m.user_id
        WHERE k.token_hash = $1 AND k.revoked_at IS NULL`,
      [hashApiKey(token)],
    )) as {
      id: number;
      business_id: number;
      scopes: ApiKeyScope[];
      last_used_at: Date | null;
      user_id: string;
      email: string;
    }[];
    if (!row) return null;
    const now = toDate(this.clock.now());
    if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= LAST_USED_EVERY_MS) {
      await this.dataSource.query(`UPDATE api_keys SET last_used_at = $2 WHERE id = $1`, [
        row.id,
        now,
      ]);
    }
    return {
      keyId: row.id,
      businessId: row.business_id,
      scopes: row.scopes,
      ownerUserId: row.user_id,
      ownerEmail: row.email,
    };
  }
}
