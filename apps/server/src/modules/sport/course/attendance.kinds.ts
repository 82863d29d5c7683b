import { classPackageLineDetail, type ClassPackageLineDetail } from '@venue/contract';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import { defineLedgerRule, itemKind, postByRule, type ItemRecord, type PricedItem } from '../commerce/index.ts';
import { findCourse } from './course.repository.ts';
import { findMemberPackage, findPackageType, insertMemberPackage, lockMemberPackage, setPackage, type PackageTypeRecord } from './attendance.repository.ts';

/**
 * Selling a class package through the commerce core: item kind `classPackage` in `course` orders (the order list's course tab).
 * - `hold` makes the member's package, `pending`, with all its lessons;
 * - `confirm` (payment) makes it `active` until `validityDays` from now; what was paid is owed in lessons
 *   (rule `course.package.sold`: sales → coursePrepaid);
 * - `consume` (one attended lesson, called by the check-in in its transaction) recognises that lesson's
 *   share of the price (rule `course.package.used`: coursePrepaid → sales): price / N, the last lesson
 *   taking the rounding so N lessons recognise exactly what was paid;
 * - `refundQuote`/`release`: a refund gives back the lessons not used, and the package ends.
 */
export const COURSE_PREPAID = 'coursePrepaid';
const RULE = {
  sold: defineLedgerRule({ name: 'course.package.sold', txnKind: 'payment', debit: 'sales', credit: COURSE_PREPAID, prefix: 'KP' }),
  used: defineLedgerRule({ name: 'course.package.used', txnKind: 'payment', debit: COURSE_PREPAID, credit: 'sales', prefix: 'KU' }),
  unsold: defineLedgerRule({ name: 'course.package.refund', txnKind: 'refund', debit: COURSE_PREPAID, credit: 'sales', prefix: 'KR' }),
};

export type PackageHold = { packageId: number };
interface PricedPackage extends PricedItem {
  type: PackageTypeRecord;
}

/** What lessons `done` (of `lessons`) recognise of `paidFen`: the share of the first `done` lessons, rounded down. */
export const recognisedFen = (paidFen: number, lessons: number, done: number) => Math.floor((paidFen * done) / lessons);

export const classPackageKind = itemKind<ClassPackageLineDetail, PricedPackage>({
  kind: 'classPackage',
  orderTypes: ['course'],
  detail: classPackageLineDetail,
  async price(ctx, input, line) {
    if (input.quantity !== 1) throw invalid(`items.${line}.quantity`, 'commerce.rechargeOne');
    if (!ctx.memberId) throw invalid('memberId', 'error.field.required');
    const type = await findPackageType(ctx.tx, ctx.scope, input.detail.typeId);
    if (!type || type.orgId !== ctx.orgId) throw notFound();
    if (type.state !== 'on') throw conflict('state', 'courseAttendance.typeOff');
    const course = (await findCourse(ctx.tx, ctx.scope, type.courseId))!;
    return { name: type.name, spec: course.name, unitPriceFen: type.priceFen, type };
  },
  async hold(ctx, _item, order, { type }) {
    const p = await insertMemberPackage(ctx.tx, ctx.scope, {
      orgId: ctx.orgId,
      typeId: type.id,
      courseId: type.courseId,
      memberId: ctx.memberId!,
      orderId: order.id,
      lessons: type.lessons,
      lessonsLeft: type.lessons,
      priceFen: type.priceFen,
      noShowConsumes: type.noShowConsumes,
      state: 'pending',
    });
    return { packageId: p.id } satisfies PackageHold;
  },
  async confirm(ctx, item, order) {
    const h = item.hold as PackageHold;
    const p = await lockMemberPackage(ctx.tx, ctx.scope, h.packageId);
    if (!p || p.state !== 'pending') return false;
    const type = (await findPackageType(ctx.tx, ctx.scope, p.typeId))!;
    const now = ctx.now ?? new Date();
    await setPackage(ctx.tx, ctx.scope, p.id, ['pending'], { state: 'active', expiresAt: new Date(now.getTime() + type.validityDays * 86_400_000) });
    if (item.amountFen > 0) await postByRule(ctx.tx, ctx.scope, RULE.sold, { orgId: p.orgId, amountFen: item.amountFen, orderId: order.id });
    return true;
  },
  async release(ctx, item, _quantity, why) {
    const h = item.hold as PackageHold | null;
    if (!h?.packageId) return;
    const p = await lockMemberPackage(ctx.tx, ctx.scope, h.packageId);
    if (!p) return;
    if (p.state === 'pending') {
      await setPackage(ctx.tx, ctx.scope, p.id, ['pending'], { state: 'refunded' });
      return;
    }
    if (why !== 'refund' || p.state === 'refunded') return;
    // The lessons not used leave prepaid with the refund; the package ends.
    const left = item.amountFen - recognisedFen(item.amountFen, p.lessons, p.lessons - p.lessonsLeft);
    await setPackage(ctx.tx, ctx.scope, p.id, ['active', 'used', 'expired'], { state: 'refunded', lessonsLeft: 0 });
    if (left > 0) await postByRule(ctx.tx, ctx.scope, RULE.unsold, { orgId: p.orgId, amountFen: left, orderId: item.orderId });
  },
  async refundQuote(ctx, item, _quantity, paidFen) {
    const h = item.hold as PackageHold | null;
    const p = h?.packageId ? await findMemberPackage(ctx.tx, ctx.scope, h.packageId) : undefined;
    if (!p || p.state === 'pending') return { amountFen: paidFen };
    const unused = item.amountFen - recognisedFen(item.amountFen, p.lessons, p.lessons - p.lessonsLeft);
    return unused < paidFen ? { amountFen: Math.max(0, unused), reason: 'courseAttendance.lessonsUsed' } : { amountFen: paidFen };
  },
  async consume(ctx, item, use) {
    const h = item.hold as PackageHold;
    const p = (await findMemberPackage(ctx.tx, ctx.scope, h.packageId))!;
    // `p` has the lessons already taken off: the share of lessons (done - quantity, done].
    const done = p.lessons - p.lessonsLeft;
    const fen = recognisedFen(item.amountFen, p.lessons, done) - recognisedFen(item.amountFen, p.lessons, done - use.quantity);
    if (fen > 0) await postByRule(ctx.tx, ctx.scope, RULE.used, { orgId: p.orgId, amountFen: fen, orderId: item.orderId });
  },
});

/** The order line that sold a package. */
export const packageLine = (items: ItemRecord[], packageId: number): ItemRecord | undefined =>
  items.find((i) => i.kind === 'classPackage' && (i.hold as PackageHold | null)?.packageId === packageId);
