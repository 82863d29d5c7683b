import { courseLineDetail, type CourseLineDetail } from '@venue/contract';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import { actingAs, type Caller } from '../../../platform/http.ts';
import { oneOrgScope } from '../../../platform/scope.ts';
import { findOrder, fenToYuan, itemKind, type KindContext, type PricedItem } from '../commerce/index.ts';
import { findMember } from '../member/index.ts';
import { publish } from '../../message/index.ts';
import {
  enrolledIn,
  enrolmentOfOrder,
  findCourse,
  firstWaiting,
  insertEnrolment,
  liveEnrolment,
  lockClass,
  overlappingWaits,
  setEnrolmentState,
  type ClassRecord,
  type CourseRecord,
} from './course.repository.ts';
import { seatOrder } from './course.service.ts';
import { postConsignShare, reverseConsignShare } from './consign.service.ts';

/**
 * Selling a seat in a class through the commerce core: item kind `course` in order type `course`.
 * - `hold` takes the seat under the class row's lock (the caller's enrolment holds the lock already; a
 *   full class refuses with 100409 `taken`), and a waiting member who gets a seat leaves the waitlist;
 * - `confirm` (payment) keeps the seat while its row still holds it;
 * - `release` (cancel, time-out, refund) frees the seat and, in the same transaction, promotes the first
 *   on the waitlist: a new pending order holds the seat for them, they leave every other waitlist whose
 *   lessons overlap the class's, and they are told through messaging (`course.promoted`).
 */

export type SeatHold = { enrolmentId: number; classId: number };
interface PricedSeat extends PricedItem {
  cls: ClassRecord;
}

export const courseKind = itemKind<CourseLineDetail, PricedSeat>({
  kind: 'course',
  orderTypes: ['course'],
  detail: courseLineDetail,
  async price(ctx, input, line) {
    if (input.quantity !== 1) throw invalid(`items.${line}.quantity`, 'commerce.rechargeOne');
    if (!ctx.memberId) throw invalid('memberId', 'error.field.required');
    const cls = await lockClass(ctx.tx, ctx.scope, input.detail.classId);
    if (!cls || cls.orgId !== ctx.orgId) throw notFound();
    const course = (await findCourse(ctx.tx, ctx.scope, cls.courseId))!;
    return { name: course.name, spec: cls.name, unitPriceFen: course.priceFen, cls };
  },
  async hold(ctx, _item, order, { cls }) {
    const memberId = ctx.memberId!;
    const live = await liveEnrolment(ctx.tx, ctx.scope, cls.id, memberId);
    if (live?.state === 'enrolled') throw conflict('duplicate', 'course.alreadyIn');
    if ((await enrolledIn(ctx.tx, ctx.scope, cls.id)) >= cls.capacity) throw conflict('taken', 'course.full');
    if (live) await setEnrolmentState(ctx.tx, ctx.scope, [live.id], 'waitlisted', 'promoted');
    const e = await insertEnrolment(ctx.tx, ctx.scope, { orgId: cls.orgId, classId: cls.id, memberId, state: 'enrolled', orderId: order.id });
    return { enrolmentId: e.id, classId: cls.id } satisfies SeatHold;
  },
  async confirm(ctx, item) {
    const kept = !!(await enrolmentOfOrder(ctx.tx, ctx.scope, item.orderId));
    // consignment: a paid seat of a consigned course owes the partner its share
    if (kept) await postConsignShare(ctx, item, (item.hold as SeatHold).classId);
    return kept;
  },
  async release(ctx, item, _quantity, why) {
    // consignment: a refunded seat gives back the partner's share
    if (why === 'refund') await reverseConsignShare(ctx, item);
    const h = item.hold as Partial<SeatHold> | null;
    if (!h?.classId) return;
    const cls = await lockClass(ctx.tx, ctx.scope, h.classId);
    const seat = await enrolmentOfOrder(ctx.tx, ctx.scope, item.orderId);
    if (!cls || !seat) return;
    await setEnrolmentState(ctx.tx, ctx.scope, [seat.id], 'enrolled', 'cancelled');
    await promote(ctx, cls, item.orderId);
  },
});

/**
 * A seat freed: the first on the waitlist gets it (a new pending order) while the class has room.
 * A waiting member whose order cannot be made (a member frozen since) leaves the waitlist, and the next is tried.
 */
export async function promote(ctx: KindContext, cls: ClassRecord, freedOrderId: number): Promise<void> {
  const { tx } = ctx;
  const scope = oneOrgScope(cls.orgId);
  const freed = await findOrder(tx, scope, freedOrderId);
  const course = (await findCourse(tx, scope, cls.courseId))!;
  for (;;) {
    if ((await enrolledIn(tx, scope, cls.id)) >= cls.capacity) return;
    const next = await firstWaiting(tx, scope, cls.id);
    if (!next) return;
    const member = (await findMember(tx, scope, next.memberId))!;
    const caller = actingCaller(cls.orgId, ctx.caller?.userId ?? freed?.createdBy ?? null);
    let orderId: number | undefined;
    try {
      orderId = await tx.transaction((sp) => seatOrder(sp, caller, cls, member));
    } catch {
      await setEnrolmentState(tx, scope, [next.id], 'waitlisted', 'left');
      continue;
    }
    // Promoted into this class: out of every waitlist whose lessons overlap this class's.
    const clashes = await overlappingWaits(tx, scope, cls.id, member.id);
    await setEnrolmentState(
      tx,
      scope,
      clashes.map((c) => c.id),
      'waitlisted',
      'left',
    );
    await tell(ctx, course, cls, member, orderId, caller.userId);
  }
}

async function tell(ctx: KindContext, course: CourseRecord, cls: ClassRecord, member: { name: string; phone: string }, orderId: number, operatorId: number) {
  const order = (await findOrder(ctx.tx, oneOrgScope(cls.orgId), orderId))!;
  await publish(ctx.tx, {
    orgId: cls.orgId,
    type: 'course.promoted',
    operatorId: operatorId || null,
    member: { name: member.name, phone: member.phone },
    data: {
      memberName: member.name,
      courseName: course.name,
      className: cls.name,
      orderNo: order.orderNo,
      amountYuan: fenToYuan(order.payableFen),
    },
    link: `/sport/views/orderManagement/mainOrder?orderNo=${order.orderNo}`,
  });
}

/** Who makes the promoted member's order: the user who freed the seat (or who sold it, on a time-out), acting for the class's organisation. */
function actingCaller(orgId: number, userId: number | null): Caller {
  return actingAs({ id: userId ?? 0, name: 'system', code: 'system' }, orgId);
}
