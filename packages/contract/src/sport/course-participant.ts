import { z } from 'zod';
import { fields } from '../fields.ts';
import { pageQuery } from '../envelope.ts';
import { attendanceRow, memberPackageRow } from './course-attendance.ts';

/**
 * Participants (issue 26, `participantsManagement`, `participantsDetail`): the members who take part in
 * the organisation's training, i.e. enrolled in a class, on a class's waitlist, or holding an active
 * class package. A participant's face image is kept only with a live recorded consent (the statement
 * version they agreed to and who recorded it); revoking the consent deletes the stored image. The image
 * is served only to staff with `courseParticipant.face`; every other check-in way stays offered.
 */
const id = fields.id;

/** none: no live consent; consented: consent without an image; image: consent and a stored image (face check-in available). */
export const FACE_CONSENT_STATES = ['none', 'consented', 'image'] as const;
/** The consent statement versions the console offers (the newest first). */
export const FACE_STATEMENT_VERSIONS = ['2026-01'] as const;
/** The largest face image accepted (bytes): jpg or png only. */
export const FACE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** `POST {sport}course/participant/page` and `.../export`. */
export const participantPageQuery = pageQuery.extend({
  /** A member's name, phone or member number. */
  keyword: fields.optText(64),
  courseId: id.optional(),
  classId: id.optional(),
  consent: z.enum(FACE_CONSENT_STATES).optional(),
});
export type ParticipantPageQuery = z.output<typeof participantPageQuery>;

export const participantRow = z.object({
  /** The member's id (the detail's `:id`). */
  id: z.number(),
  name: z.string(),
  memberNo: z.string(),
  /** Masked unless the caller may see members' private data. */
  phone: z.string(),
  /** Classes enrolled in or waiting for. */
  classes: z.number(),
  waitlisted: z.number(),
  /** Active class packages and the lessons left on them. */
  packages: z.number(),
  lessonsLeft: z.number(),
  attended: z.number(),
  absent: z.number(),
  lastAttendedAt: fields.instantOut.nullable(),
  consent: fields.textOf(FACE_CONSENT_STATES),
});
export type ParticipantRow = z.output<typeof participantRow>;

/** A participant's face image consent as staff see it. */
export const faceConsentState = z.object({
  consent: fields.textOf(FACE_CONSENT_STATES),
  consentedAt: fields.instantOut.nullable(),
  statementVersion: z.string().nullable(),
  recordedByName: z.string().nullable(),
  /** Consent and an image: the gate may check this member in by face. */
  faceCheckIn: z.boolean(),
  /** The last revocation, when there is no live consent. */
  revokedAt: fields.instantOut.nullable(),
});
export type FaceConsentState = z.output<typeof faceConsentState>;

export const participantClass = z.object({
  enrolmentId: z.number(),
  classId: z.number(),
  className: z.string(),
  courseId: z.number(),
  courseName: z.string(),
  /** enrolled | waitlisted. */
  state: z.string(),
  /** 1-based place on the waitlist (null when enrolled). */
  position: z.number().nullable(),
  since: fields.instantOut,
});

export const participantEvaluation = z.object({
  id: z.number(),
  lessonId: z.number(),
  lessonStartsAt: fields.instantOut,
  courseName: z.string(),
  className: z.string(),
  rating: z.number(),
  comment: z.string().nullable(),
  createTime: fields.instantOut,
});

/** `GET {sport}course/participant/:id`: the member's profile, classes, packages, evaluations and face consent. */
export const participantDetail = participantRow.extend({
  level: z.string().nullable(),
  sex: z.number().nullable(),
  status: z.number(),
  classList: z.array(participantClass),
  packageList: z.array(memberPackageRow),
  evaluations: z.array(participantEvaluation),
  face: faceConsentState,
});
export type ParticipantDetail = z.output<typeof participantDetail>;

/** `POST {sport}course/participant/:id/attendance`: the member's attendance history, paged. */
export const participantAttendanceQuery = pageQuery;
export const participantAttendancePage = z.object({ total: z.number(), data: z.array(attendanceRow) });

/** `POST {sport}course/participant/:id/consent`: records the member's consent to keep a face image. */
export const faceConsentBody = z.object({ statementVersion: z.enum(FACE_STATEMENT_VERSIONS) });
export type FaceConsentBody = z.output<typeof faceConsentBody>;
