import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import type { Caller } from '../../platform/http.ts';
import { definePort } from '../../platform/ports.ts';
import type { ProviderSignOut } from './session.service.ts';

/** Whether the caller has unread station messages (messaging answers it; it comes after auth). */
export const unreadMessages = definePort<(db: Db, caller: Caller) => Promise<boolean>>('auth.unreadMessages');

/** Sign-out of a single sign-on session also ends the provider's session (single sign-on answers it). */
export const providerSignOut = definePort<(cfg: Config) => ProviderSignOut>('auth.providerSignOut');
