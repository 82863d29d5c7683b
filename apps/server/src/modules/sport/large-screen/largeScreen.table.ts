import { index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgId, userRef } from '../../system/index.ts';
import { createdAt, id } from '../../../platform/columns.ts';

/**
 * Display links of the large data screen (issue 31, `/largeScreen`). The token is an HMAC of the
 * random `salt` under the server's secret key: only its SHA-256 is stored (the lookup), so the
 * table alone opens no display; the console recomputes the link from the salt to copy it again.
 */
export const displayLinks = pgTable(
  'sport_display_link',
  {
    id: id(),
    /** The organisation whose figures (and its subtree's) the display shows. */
    orgId: orgId(),
    name: varchar('name', { length: 64 }).notNull(),
    salt: varchar('salt', { length: 32 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sport_display_link_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_display_link_token_uq').on(t.tokenHash),
    index('sport_display_link_org_idx').on(t.orgId, t.createdAt),
  ],
);
