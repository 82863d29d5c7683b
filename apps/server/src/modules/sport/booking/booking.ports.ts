import type { GridLesson } from '@venue/contract';
import type { Executor } from '../../../platform/db.ts';
import { definePort } from '../../../platform/ports.ts';
import type { Scope } from '../../../platform/scope.ts';
import type { LevelGrant } from './pricing.ts';

/** The levels (card type codes, best first) that may price a member's booking at a venue (the cards module answers it). */
export const memberLevelsPort = definePort<(db: Executor, scope: Scope, memberId: number, venueId?: number) => Promise<LevelGrant[]>>('booking.memberLevels');

/** Whether a member is on the live white list, which skips a venue's booking limits: advance days, least and most slots (the members module answers it). */
export const memberWhitelistPort = definePort<(db: Executor, scope: Scope, memberId: number) => Promise<boolean>>('booking.memberWhitelist');

/**
 * Who holds a grid cell another module claimed (`claimSiteTime`): the course module describes its
 * lessons (course, class, coach, local time, seats) by id, for the grid's "view course" dialog.
 * Unplugged (no course module), the cell shows as booked with no lesson.
 */
export const lessonBriefsPort = definePort<(db: Executor, scope: Scope, lessonIds: number[]) => Promise<Map<number, GridLesson>>>('booking.lessonBriefs');
