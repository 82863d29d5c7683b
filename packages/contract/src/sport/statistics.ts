import { z } from 'zod';
import { fields } from '../fields.ts';

/**
 * Statistics (issue 31): figures read from daily aggregates per organisation, venue, business day
 * (the venue's time zone) and item kind, kept from commerce's events and rebuilt from the ledger
 * and the orders on demand. Calls under `{sport}statistics`; money is integer fen; days are
 * `YYYY-MM-DD`, both ends included.
 */

/** A run of business days, at most 366, optionally one venue (stadium). */
export const statisticsRange = z.object({
  stadiumId: fields.id.optional(),
  from: fields.day,
  to: fields.day,
});
export type StatisticsRange = z.output<typeof statisticsRange>;

/** The figures of a range: money from the ledger, counts from the orders and their items. */
export const statisticsSummary = z.object({
  /** Succeeded payments (the capital flow's takings). */
  revenueFen: z.number().int(),
  /** Succeeded refunds (the capital flow's refunds). */
  refundFen: z.number().int(),
  /** Orders paid. */
  orders: z.number().int(),
  /** Venue booking lines paid. */
  bookings: z.number().int(),
  /** Tickets paid (box office, distribution, packages). */
  ticketsSold: z.number().int(),
  /** Member cards sold. */
  cardsSold: z.number().int(),
  /** Members registered (an organisation's members belong to no venue: the venue filter leaves them alone). */
  newMembers: z.number().int(),
});
export type StatisticsSummary = z.output<typeof statisticsSummary>;

export const STATISTICS_METRICS = ['revenueFen', 'refundFen', 'orders', 'bookings', 'ticketsSold', 'cardsSold', 'newMembers'] as const;
export type StatisticsMetric = (typeof STATISTICS_METRICS)[number];

/**
 * Deposits and prepaid balances (the spec's rule: they come from ledger postings). Deposits are
 * what the deposit accounts (a bracelet's, a rental's) are credited (`depositInFen`, taken) and
 * debited, paid back (`depositBackFen`, returned) or kept for a fee or damage (`depositKeptFen`);
 * prepaid is members' stored value and cards' prepaid uses: credited (`prepaidInFen`, recharged or
 * sold) and debited (`prepaidOutFen`, used or paid out). A `…HeldFen` is the account's balance at the
 * end of a row's last day: every posting up to it, debits negative.
 */
export const DEPOSIT_ACCOUNTS = ['braceletDeposit', 'goodsDeposit'] as const;
export const PREPAID_ACCOUNTS = ['balance', 'prepaid'] as const;
export const DEPOSIT_METRICS = ['depositInFen', 'depositBackFen', 'depositKeptFen', 'depositHeldFen'] as const;
export const PREPAID_METRICS = ['prepaidInFen', 'prepaidOutFen', 'prepaidHeldFen'] as const;
export const LIABILITY_METRICS = [...DEPOSIT_METRICS, ...PREPAID_METRICS] as const;
export type LiabilityMetric = (typeof LIABILITY_METRICS)[number];

export const statisticsDrillQuery = statisticsRange.extend({
  /** A report's `items` (quantity of the kinds' lines) and its deposit and prepaid figures drill too. */
  metric: z.enum([...STATISTICS_METRICS, 'items', ...LIABILITY_METRICS]),
  /** 0: business sold at no venue (a report's row). */
  stadiumId: z.union([z.literal(0), fields.id]).optional(),
  /** Only these item kinds' share (a report's kinds): money split by kind as the aggregates split it, orders under their first line's kind. */
  kinds: z.array(z.string().min(1).max(16)).min(1).max(20).optional(),
  /** Only one key of a line dimension (a report row by site, sport, coach or course): its lines' share, as the dimension aggregates split it. */
  dim: z.enum(['site', 'sport', 'coach', 'course']).optional(),
  dimKey: z.string().min(1).max(32).optional(),
  pageNum: fields.intIn(1, 1_000_000).default(1),
  pageSize: fields.intIn(1, 500).default(20),
});
export type StatisticsDrillQuery = z.output<typeof statisticsDrillQuery>;
/** Every line of a figure, as an xlsx (streamed: no page). */
export const statisticsDrillExportQuery = statisticsDrillQuery.omit({ pageNum: true, pageSize: true });
export type StatisticsDrillExportQuery = z.output<typeof statisticsDrillExportQuery>;

/** One line a figure adds up: a payment, a refund, an order, an order line, a member. */
export const statisticsDrillLine = z.object({
  day: z.string(),
  orgId: z.number().int(),
  stadiumId: z.number().int().nullable(),
  /** The document: payment, refund or order number; a member's name. */
  ref: z.string(),
  orderNo: z.string().nullable(),
  /** Payment or refund method, item kind, or null. */
  kind: z.string().nullable(),
  name: z.string().nullable(),
  amountFen: z.number().int(),
  /** What the line adds to a count figure (an order line's quantity; 1 otherwise). */
  quantity: z.number().int(),
});
export type StatisticsDrillLine = z.output<typeof statisticsDrillLine>;

/** `total` lines in all; `sumFen` their money and `sumQuantity` their count, over every page. */
export const statisticsDrillPage = z.object({
  total: z.number().int(),
  sumFen: z.number().int(),
  sumQuantity: z.number().int(),
  data: z.array(statisticsDrillLine),
});
export type StatisticsDrillPage = z.output<typeof statisticsDrillPage>;

/** The dashboard's days by item kind: money and counts per business day. */
export const statisticsDayRow = z.object({
  day: z.string(),
  kind: z.string(),
  revenueFen: z.number().int(),
  refundFen: z.number().int(),
  orders: z.number().int(),
  items: z.number().int(),
});
export const statisticsDays = z.object({ data: z.array(statisticsDayRow) });
export type StatisticsDayRow = z.output<typeof statisticsDayRow>;

/** What a rebuild did: the organisations it covered and the aggregate rows it wrote. */
export const statisticsRebuilt = z.object({ orgs: z.number().int(), rows: z.number().int() });

/**
 * The spec 2.5 statistics reports: each a dimension (rows by business day, month, item kind or
 * venue) over the daily aggregates, optionally of some item kinds, with the same four figures.
 * Every figure drills (`drill` with the row's days, venue and the report's kinds) onto its lines.
 */
export const REPORT_DIMENSIONS = ['day', 'month', 'kind', 'venue'] as const;
/**
 * The dimensions of an order line (`sport_stat_dim_daily`): a booking line's site and the site's
 * sport, a course line's coach and course (its class's). A report by one shows revenue, refunds and
 * quantity per key; the money is each kind's share split again over the kind's lines by amount.
 */
export const LINE_DIMENSIONS = ['site', 'sport', 'coach', 'course'] as const;
export type LineDimension = (typeof LINE_DIMENSIONS)[number];
/** The item kind whose lines each line dimension keys. */
export const LINE_DIMENSION_KIND = { site: 'venue', sport: 'venue', coach: 'course', course: 'course' } as const satisfies Record<LineDimension, string>;
/** A dimension of the kind aggregates (`sport_stat_daily`). */
export type KindDimension = (typeof REPORT_DIMENSIONS)[number];
export type ReportDimension = KindDimension | LineDimension;
export const isLineDimension = (d: ReportDimension): d is LineDimension => (LINE_DIMENSIONS as readonly string[]).includes(d);
/** The figures of a report that names none. */
export const REPORT_METRICS = ['revenueFen', 'refundFen', 'orders', 'items'] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number] | LiabilityMetric;
export interface ReportDef {
  dimension: ReportDimension;
  /** The item kinds it covers (all when absent). */
  kinds?: readonly string[];
  /** The figures it shows (`REPORT_METRICS` when absent). */
  metrics?: readonly ReportMetric[];
}
/** A report's figures. */
export const metricsOf = (def: ReportDef): readonly ReportMetric[] => def.metrics ?? REPORT_METRICS;
const COURSE = ['course'] as const;
const SPARRING = ['sparring'] as const;
const VENUE = ['venue'] as const;
const TICKETS = ['ticket', 'dist_ticket', 'ticket_pkg'] as const;
const CARDS = ['card', 'card_recharge', 'recharge'] as const;
/** A line dimension's report: its kind's money and quantity by key (orders are not split by line). */
const LINE_METRICS = ['revenueFen', 'refundFen', 'items'] as const;
export const STATISTICS_REPORTS = {
  businessTotal: { dimension: 'day' },
  businessByKind: { dimension: 'kind' },
  businessByVenue: { dimension: 'venue' },
  bookingDaily: { dimension: 'day', kinds: VENUE },
  bookingMonthly: { dimension: 'month', kinds: VENUE },
  bookingVenue: { dimension: 'venue', kinds: VENUE },
  courseVenue: { dimension: 'venue', kinds: COURSE },
  sparringVenue: { dimension: 'venue', kinds: SPARRING },
  ticketSales: { dimension: 'day', kinds: TICKETS },
  ticketMonthly: { dimension: 'month', kinds: TICKETS },
  ticketSummary: { dimension: 'kind', kinds: TICKETS },
  courseDaily: { dimension: 'day', kinds: COURSE },
  courseMonthly: { dimension: 'month', kinds: COURSE },
  sparringDaily: { dimension: 'day', kinds: SPARRING },
  sparringMonthly: { dimension: 'month', kinds: SPARRING },
  summaryMonthly: { dimension: 'month' },
  couponDaily: { dimension: 'day', kinds: ['coupon'] },
  cardMonthly: { dimension: 'month', kinds: CARDS },
  cardSummary: { dimension: 'kind', kinds: CARDS },
  prepaidMonthly: { dimension: 'month', metrics: PREPAID_METRICS },
  prepaidDaily: { dimension: 'day', metrics: PREPAID_METRICS },
  depositDaily: { dimension: 'day', metrics: DEPOSIT_METRICS },
  depositMonthly: { dimension: 'month', metrics: DEPOSIT_METRICS },
  depositVenue: { dimension: 'venue', metrics: DEPOSIT_METRICS },
  bookingSport: { dimension: 'sport', kinds: VENUE, metrics: LINE_METRICS },
  bookingSite: { dimension: 'site', kinds: VENUE, metrics: LINE_METRICS },
  courseCoach: { dimension: 'coach', kinds: COURSE, metrics: LINE_METRICS },
  courseCurriculum: { dimension: 'course', kinds: COURSE, metrics: LINE_METRICS },
} as const satisfies Record<string, ReportDef>;
export type StatisticsReportKey = keyof typeof STATISTICS_REPORTS;
export const STATISTICS_REPORT_KEYS = Object.keys(STATISTICS_REPORTS) as [StatisticsReportKey, ...StatisticsReportKey[]];

/**
 * Tabs with figures of their own, read by their own calls rather than `report`: `cardUsage` (how
 * members used their cards, `statistics/cardUsage`), the training reports (`TRAINING_REPORTS`,
 * `statistics/training`) and the utilisation reports (`UTILISATION_REPORTS`).
 */
export const STATISTICS_TABS = ['cardUsage'] as const;
/**
 * Utilisation (spec 2.5 "venue opening" and "project opening"): of the site time a venue was open
 * in a range, how much was booked, by venue or by sport. Not ledger figures: they read the venue's
 * opening hours and booking's claims (`statistics/utilisation`), time in minutes.
 */
export const UTILISATION_REPORTS = { venueOpening: 'venue', projectOpening: 'sport' } as const;
export type UtilisationReportKey = keyof typeof UTILISATION_REPORTS;
export const UTILISATION_REPORT_KEYS = Object.keys(UTILISATION_REPORTS) as [UtilisationReportKey, ...UtilisationReportKey[]];
export const isUtilisationReport = (k: string): k is UtilisationReportKey => k in UTILISATION_REPORTS;
/** A screen's tab: a report of the aggregates, one of `STATISTICS_TABS`, a training or a utilisation report. */
export type StatisticsTabKey = StatisticsReportKey | (typeof STATISTICS_TABS)[number] | TrainingReportKey | UtilisationReportKey;
export const isReportKey = (key: StatisticsTabKey): key is StatisticsReportKey => key in STATISTICS_REPORTS;

/**
 * The spec 2.5 statistics screens (`sport.statistics.<name>`) and their tabs, in order: business
 * is by day, income by month, sale income by venue, each with course, sparring, venue booking and
 * a summary sheet.
 */
export const STATISTICS_SCREENS = {
  bookingBusiness: [
    'businessTotal',
    'businessByKind',
    'bookingSport',
    'bookingSite',
    'bookingVenue',
    'bookingDaily',
    'bookingMonthly',
    'ticketSales',
    'venueOpening',
    'projectOpening',
  ],
  business: ['courseDaily', 'sparringDaily', 'bookingDaily', 'businessByKind'],
  income: ['courseMonthly', 'sparringMonthly', 'bookingMonthly', 'summaryMonthly'],
  saleIncome: ['courseVenue', 'sparringVenue', 'bookingVenue', 'businessByVenue'],
  couponStatistics: ['couponDaily'],
  coursebusinessStatistics: ['courseCoach', 'courseCurriculum', 'courseMonthly', 'courseDaily', 'courseEvaluation', 'courseAttendance'],
  memberCard: ['prepaidMonthly', 'prepaidDaily', 'cardMonthly', 'cardSummary', 'cardUsage'],
  ticketBusinessStatistics: ['ticketSales', 'ticketMonthly', 'ticketSummary'],
  venue: ['businessByVenue'],
  deposit: ['depositDaily', 'depositMonthly', 'depositVenue'],
} as const satisfies Record<string, readonly StatisticsTabKey[]>;
export type StatisticsScreen = keyof typeof STATISTICS_SCREENS;

/** A venue of 0 is business sold at no venue (a report's row). */
const reportVenue = z.union([z.literal(0), fields.id]).optional();
export const statisticsReportQuery = statisticsRange.extend({ report: z.enum(STATISTICS_REPORT_KEYS), stadiumId: reportVenue });
export type StatisticsReportQuery = z.output<typeof statisticsReportQuery>;
export const statisticsReportRow = z.object({
  /** The day, the month (`yyyy-MM`), the item kind, the venue id (as text; `0` no venue), or a line dimension's key (a site, coach or course id, a sport). */
  key: z.string(),
  /** The venue's, site's, coach's or course's name (those rows). */
  label: z.string().nullable(),
  revenueFen: z.number().int(),
  refundFen: z.number().int(),
  orders: z.number().int(),
  items: z.number().int(),
  depositInFen: z.number().int(),
  depositBackFen: z.number().int(),
  depositKeptFen: z.number().int(),
  /** Deposits held at the end of the row's last day (the total's: the range's last day). */
  depositHeldFen: z.number().int(),
  prepaidInFen: z.number().int(),
  prepaidOutFen: z.number().int(),
  /** Prepaid held at the end of the row's last day. */
  prepaidHeldFen: z.number().int(),
});
export type StatisticsReportRow = z.output<typeof statisticsReportRow>;
export const statisticsReport = z.object({ data: z.array(statisticsReportRow), total: statisticsReportRow });
export type StatisticsReport = z.output<typeof statisticsReport>;

/**
 * The training reports of the course screen (spec 2.5 `coursebusinessStatistics`: evaluation and
 * attendance): counts read from the course module's lessons, evaluations and attendances, not money.
 * A lesson is held when it started by now and was not cancelled or suspended; its business day is its
 * start's in the organisation's time zone. Evaluation by the lesson's coach or by course: lessons held,
 * evaluations of those lessons, their average rating (1 decimal) and the low ones (rating ≤ 2).
 * Attendance by class: lessons held, expected (at each lesson held, its class's enrolled members and
 * anyone else recorded at it, a package holder who came), attended (present or late), absent, on
 * leave (as the attendance module records them) and the rate (attended ÷ expected, in %, 1 decimal).
 */
export const TRAINING_DIMENSIONS = ['coach', 'course', 'class'] as const;
export type TrainingDimension = (typeof TRAINING_DIMENSIONS)[number];
/** The counts of a training report; each drills (`training/drill`) onto the lessons, evaluations or attendances it counts. */
export const TRAINING_COUNTS = ['lessons', 'evaluations', 'lowRatings', 'expected', 'attended', 'absent', 'leave'] as const;
/** The ratios: the average drills onto the evaluations, the rate onto the attendances it divides. */
export const TRAINING_METRICS = [...TRAINING_COUNTS, 'ratingAvg', 'rate'] as const;
export type TrainingMetric = (typeof TRAINING_METRICS)[number];
export interface TrainingReportDef {
  /** The rows' dimensions (the first by default; a screen switches between them). */
  by: readonly TrainingDimension[];
  metrics: readonly TrainingMetric[];
}
export const TRAINING_REPORTS = {
  courseEvaluation: { by: ['coach', 'course'], metrics: ['lessons', 'evaluations', 'ratingAvg', 'lowRatings'] },
  courseAttendance: { by: ['class'], metrics: ['lessons', 'expected', 'attended', 'absent', 'leave', 'rate'] },
} as const satisfies Record<string, TrainingReportDef>;
export type TrainingReportKey = keyof typeof TRAINING_REPORTS;
export const TRAINING_REPORT_KEYS = Object.keys(TRAINING_REPORTS) as [TrainingReportKey, ...TrainingReportKey[]];
export const isTrainingReport = (key: string): key is TrainingReportKey => key in TRAINING_REPORTS;

export const trainingReportQuery = statisticsRange.extend({ report: z.enum(TRAINING_REPORT_KEYS), by: z.enum(TRAINING_DIMENSIONS).optional() });
export type TrainingReportQuery = z.output<typeof trainingReportQuery>;
export const trainingReportRow = z.object({
  /** The coach's, course's or class's id (as text); `total` for the total row. */
  key: z.string(),
  /** The coach's, course's or class's name. */
  label: z.string().nullable(),
  /** A class row's course and coach (the class's own). */
  courseName: z.string().nullable(),
  coachName: z.string().nullable(),
  lessons: z.number().int(),
  evaluations: z.number().int(),
  ratingSum: z.number().int(),
  /** `ratingSum ÷ evaluations`, 1 decimal; null without evaluations. */
  ratingAvg: z.number().nullable(),
  lowRatings: z.number().int(),
  expected: z.number().int(),
  attended: z.number().int(),
  absent: z.number().int(),
  leave: z.number().int(),
  /** `attended ÷ expected` in %, 1 decimal; null when none expected. */
  rate: z.number().nullable(),
});
export type TrainingReportRow = z.output<typeof trainingReportRow>;
export const trainingReport = z.object({ data: z.array(trainingReportRow), total: trainingReportRow });
export type TrainingReport = z.output<typeof trainingReport>;

export const trainingDrillQuery = statisticsRange.extend({
  metric: z.enum(TRAINING_METRICS),
  /** One row's lines (its dimension and key); the total's without. */
  by: z.enum(TRAINING_DIMENSIONS).optional(),
  key: z.string().min(1).max(32).optional(),
  pageNum: fields.intIn(1, 1_000_000).default(1),
  pageSize: fields.intIn(1, 500).default(20),
});
export type TrainingDrillQuery = z.output<typeof trainingDrillQuery>;
export const trainingDrillExportQuery = trainingDrillQuery.omit({ pageNum: true, pageSize: true });
export type TrainingDrillExportQuery = z.output<typeof trainingDrillExportQuery>;
/** One lesson held, one evaluation, one member expected at a lesson, or one attendance. */
export const trainingDrillLine = z.object({
  /** The lesson's business day and start (`HH:mm`), in the organisation's time zone. */
  day: z.string(),
  time: z.string(),
  lessonId: z.number().int(),
  orgId: z.number().int(),
  stadiumId: z.number().int(),
  courseName: z.string(),
  className: z.string(),
  coachName: z.string().nullable(),
  memberName: z.string().nullable(),
  /** Masked (`139****0001`). */
  memberPhone: z.string().nullable(),
  rating: z.number().int().nullable(),
  comment: z.string().nullable(),
  /** An attendance's state (present, late, absent, leave); an expected member's, null before any is recorded. */
  state: z.string().nullable(),
  /** What the line adds to the count (1). */
  quantity: z.number().int(),
});
export type TrainingDrillLine = z.output<typeof trainingDrillLine>;
/** `total` lines, `sumQuantity` what they add to the count, `sumRating` their ratings (an evaluation's). */
export const trainingDrillPage = z.object({
  total: z.number().int(),
  sumQuantity: z.number().int(),
  sumRating: z.number().int(),
  data: z.array(trainingDrillLine),
});
export type TrainingDrillPage = z.output<typeof trainingDrillPage>;
/** A utilisation report over a range, optionally one venue. */
export const statisticsUtilisationQuery = statisticsRange.extend({ report: z.enum(UTILISATION_REPORT_KEYS) });
export type StatisticsUtilisationQuery = z.output<typeof statisticsUtilisationQuery>;
export const statisticsUtilisationRow = z.object({
  /** The venue id (as text) or the sport. */
  key: z.string(),
  /** The venue's name (a venue row). */
  label: z.string().nullable(),
  /** Site time open: each site's opening hours on each business day, less closures. */
  openMinutes: z.number().int(),
  /** Site time booked within it (`bookedLines` adds up to it). */
  bookedMinutes: z.number().int(),
  /** Booked ÷ open, in per cent to one decimal (0 when nothing was open). */
  utilisation: z.number(),
});
export type StatisticsUtilisationRow = z.output<typeof statisticsUtilisationRow>;
export const statisticsUtilisation = z.object({ data: z.array(statisticsUtilisationRow), total: statisticsUtilisationRow });
export type StatisticsUtilisation = z.output<typeof statisticsUtilisation>;

/** The booked site time of a range (a row's: its venue, or its sport), line by line. */
export const utilisationDrillQuery = statisticsRange.extend({
  sport: z.string().min(1).max(16).optional(),
  pageNum: fields.intIn(1, 1_000_000).default(1),
  pageSize: fields.intIn(1, 500).default(20),
});
export type UtilisationDrillQuery = z.output<typeof utilisationDrillQuery>;
export const utilisationDrillExportQuery = utilisationDrillQuery.omit({ pageNum: true, pageSize: true });
export type UtilisationDrillExportQuery = z.output<typeof utilisationDrillExportQuery>;
/** One site's booked time on a day: a booking line, a lesson's or a sparring hour's hold. */
export const utilisationLine = z.object({
  day: z.string(),
  stadiumId: z.number().int(),
  stadiumName: z.string(),
  siteId: z.number().int(),
  /** The site whose time it is (a half of a court booked whole names the half). */
  siteName: z.string(),
  sport: z.string(),
  /** `HH:mm`, the part within the site's opening. */
  start: z.string(),
  end: z.string(),
  /** What holds the time: `booking`, or another module's holder (`lesson`, `sparring`). */
  kind: z.string(),
  /** `held` (unpaid), `booked`, `used` (checked in), `no_show`. */
  state: z.string(),
  orderNo: z.string().nullable(),
  minutes: z.number().int(),
});
export type UtilisationLine = z.output<typeof utilisationLine>;
export const utilisationDrillPage = z.object({ total: z.number().int(), sumMinutes: z.number().int(), data: z.array(utilisationLine) });
export type UtilisationDrillPage = z.output<typeof utilisationDrillPage>;
