import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { adminClient, makeRole, makeUser, signIn, upload } from '../../system/admin.testkit.ts';

import { png } from '../member/member.testkit.ts';
import { approvedCourse, courseApi, enrol, makeClass, makeCoach, makeMember, ok, courseStaff } from './course.testkit.ts';

const KEYS = ['sport.course.participants', 'sport.course.lessons', 'sport.coach.list'];
const part = (p: string) => courseApi(`participant/${p}`);
const HOUR = 3_600_000;

const staff = (s: TestServer, admin: Client, parentId: number, keys = KEYS) => courseStaff(s, admin, parentId, { keys, venue: { n: 1 } });

describe.each(databases)('participants and face images on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it('lists enrolled and waitlisted members with their counts, masked phones, filters; the detail shows classes with waitlist place and ratings', async () => {
    const st = await staff(s, admin, platformId);
    const coach = await makeCoach(s, st.orgId);
    const course = await approvedCourse(st.c, st.reviewer, st.venue.id);
    const cls = await makeClass(st.c, course, coach, 1);
    const [a, b, outsider] = [await makeMember(s, st.orgId), await makeMember(s, st.orgId), await makeMember(s, st.orgId)];
    expect((await enrol(st.c, cls, a)).body.state).toBe('enrolled');
    expect((await enrol(st.c, cls, b)).body.state).toBe('waitlisted');
    const c2 = await makeMember(s, st.orgId);
    expect((await enrol(st.c, cls, c2)).body.state).toBe('waitlisted');

    const list = await ok(st.c, 'POST', part('page'), { pageSize: 50 });
    expect(list.total).toBe(3);
    const ids = list.data.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([a, b, c2]));
    expect(ids).not.toContain(outsider);
    const rowB = list.data.find((r: { id: number }) => r.id === b);
    expect(rowB).toMatchObject({ classes: 1, waitlisted: 1, attended: 0, consent: 'none' });
    expect(rowB.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect((await ok(st.c, 'POST', part('page'), { classId: cls })).total).toBe(3);
    expect((await ok(st.c, 'POST', part('page'), { courseId: course })).total).toBe(3);
    expect((await ok(st.c, 'POST', part('page'), { courseId: course + 100000 })).total).toBe(0);
    expect((await ok(st.c, 'POST', part('page'), { keyword: rowB.memberNo })).data.map((r: { id: number }) => r.id)).toEqual([b]);

    const detail = await ok(st.c, 'GET', part(String(b)));
    expect(detail.classList).toEqual([expect.objectContaining({ classId: cls, state: 'waitlisted', position: 1 })]);
    expect((await ok(st.c, 'GET', part(String(c2)))).classList).toEqual([expect.objectContaining({ state: 'waitlisted', position: 2 })]);
    expect(detail.face).toMatchObject({ consent: 'none', faceCheckIn: false });
    // Not a participant: not found.
    expect((await st.c.json('GET', part(String(outsider)))).code).toBe(Code.NOT_FOUND);

    // A rated lesson shows under the member's evaluations.
    const started = new Date(Date.now() - 2 * HOUR);
    const lesson = await ok(st.c, 'POST', courseApi('lesson'), {
      classId: cls,
      startsAt: started.toISOString(),
      endsAt: new Date(started.getTime() + HOUR).toISOString(),
    });
    await ok(st.c, 'POST', courseApi(`lesson/${lesson.id}/evaluate`), { memberId: a, rating: 4, comment: '不错' });
    const da = await ok(st.c, 'GET', part(String(a)));
    expect(da.evaluations).toEqual([expect.objectContaining({ lessonId: lesson.id, rating: 4, comment: '不错' })]);
    const hist = await ok(st.c, 'POST', part(`${a}/attendance`), { pageSize: 10 });
    expect(hist).toEqual({ total: 0, data: [] });

    const file = await st.c.call('POST', part('export'), { body: {} });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheet');
  });

  it('a face image needs a live consent; revoking deletes the file; the image is served only with the face permission', async () => {
    const st = await staff(s, admin, platformId);
    const coach = await makeCoach(s, st.orgId);
    const course = await approvedCourse(st.c, st.reviewer, st.venue.id);
    const cls = await makeClass(st.c, course, coach, 5);
    const m = await makeMember(s, st.orgId);
    await enrol(st.c, cls, m);
    const image = png(240, 320);

    // Before consent: refused with a clear, localised message; nothing stored.
    const before = (await upload(st.c, part(`${m}/face`), 'face.png', image)).json();
    expect(before.code).toBe(Code.FORM_INVALID);
    expect(before.msg).toMatch(/人脸授权/);
    const beforeEn = (await upload(st.c, part(`${m}/face`), 'face.png', image, { lang: 'en-US' })).json();
    expect(beforeEn.msg).toMatch(/consent/);
    const dir = path.join(s.dataDir, 'uploads', 'course-faces');
    const filesNow = () => (fs.existsSync(dir) ? fs.readdirSync(dir).length : 0);
    expect(filesNow()).toBe(0);

    const consent = await ok(st.c, 'POST', part(`${m}/consent`), { statementVersion: '2026-01' });
    expect(consent).toMatchObject({ consent: 'consented', statementVersion: '2026-01', faceCheckIn: false });
    expect(consent.recordedByName).toBeTruthy();
    expect((await st.c.json('POST', part(`${m}/consent`), { body: { statementVersion: '2026-01' } })).code).toBe(Code.CONFLICT);

    // Only jpg / png of a sane size.
    expect((await upload(st.c, part(`${m}/face`), 'face.png', Buffer.from('not an image'))).json().code).toBe(Code.FORM_INVALID);
    expect((await upload(st.c, part(`${m}/face`), 'tiny.png', png(20, 20))).json().code).toBe(Code.FORM_INVALID);
    const up = (await upload(st.c, part(`${m}/face`), 'face.png', image)).json();
    expect(up.code, up.msg).toBe(0);
    expect(up.body).toMatchObject({ consent: 'image', faceCheckIn: true });
    expect(filesNow()).toBe(1);
    const served = await st.c.call('GET', part(`${m}/face/image`));
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, image)).toBe(0);
    expect((await ok(st.c, 'POST', part('page'), { consent: 'image' })).data.map((r: { id: number }) => r.id)).toEqual([m]);
    // Replacing the image keeps one file.
    expect((await upload(st.c, part(`${m}/face`), 'face2.png', png(300, 300))).json().code).toBe(0);
    expect(filesNow()).toBe(1);

    // Not public: no session, or staff without the face permission, get nothing.
    expect((await new Client(s).call('GET', part(`${m}/face/image`))).statusCode).not.toBe(200);
    const listOnly = await makeRole(admin, st.orgId);
    await grantMenus(admin, listOnly.id, ['sport.course.attendance']);
    const clerk = await signIn(s, (await makeUser(admin, st.orgId, { roleIds: [listOnly.id] })).code, 'Pass1234');
    expect((await clerk.json('GET', part(`${m}/face/image`))).code).toBe(Code.FORBIDDEN);

    // Revoke: the column cleared and the file deleted at once.
    const revoked = await ok(st.c, 'POST', part(`${m}/consent/revoke`));
    expect(revoked).toMatchObject({ consent: 'none', faceCheckIn: false });
    expect(revoked.revokedAt).toBeTruthy();
    expect(filesNow()).toBe(0);
    const [row] = await s.database.query<{ face_image: string | null; revoked_by: string | null }>(
      `select face_image, revoked_by from sport_course_face_consent where member_id = $1`,
      [m],
    );
    expect(row).toMatchObject({ face_image: null });
    expect(row!.revoked_by).not.toBeNull();
    expect((await st.c.json('GET', part(`${m}/face/image`))).code).toBe(Code.NOT_FOUND);
    expect((await upload(st.c, part(`${m}/face`), 'face.png', image)).json().code).toBe(Code.FORM_INVALID);
    expect((await st.c.json('POST', part(`${m}/consent/revoke`))).code).toBe(Code.CONFLICT);
    // A new consent can be recorded after a revocation.
    expect((await ok(st.c, 'POST', part(`${m}/consent`), { statementVersion: '2026-01' })).consent).toBe('consented');
  });

  it('two ratings of 4 and 5 show as 4.5 from 2 on the course detail and on the coach list and detail', async () => {
    const st = await staff(s, admin, platformId);
    const coach = await makeCoach(s, st.orgId);
    const course = await approvedCourse(st.c, st.reviewer, st.venue.id);
    const cls = await makeClass(st.c, course, coach, 5);
    const [a, b] = [await makeMember(s, st.orgId), await makeMember(s, st.orgId)];
    await enrol(st.c, cls, a);
    await enrol(st.c, cls, b);
    expect(await ok(st.c, 'GET', courseApi(String(course)))).toMatchObject({ ratingAvg: null, ratingCount: 0 });
    const started = new Date(Date.now() - 3 * HOUR);
    const lesson = await ok(st.c, 'POST', courseApi('lesson'), {
      classId: cls,
      startsAt: started.toISOString(),
      endsAt: new Date(started.getTime() + HOUR).toISOString(),
    });
    await ok(st.c, 'POST', courseApi(`lesson/${lesson.id}/evaluate`), { memberId: a, rating: 4 });
    await ok(st.c, 'POST', courseApi(`lesson/${lesson.id}/evaluate`), { memberId: b, rating: 5 });
    expect(await ok(st.c, 'GET', courseApi(String(course)))).toMatchObject({ ratingAvg: 4.5, ratingCount: 2 });
    const coaches = await ok(st.c, 'POST', '/api/sport/coach/list', { pageNum: 1, pageSize: 50 });
    expect(coaches.data.find((r: { id: number }) => r.id === coach)).toMatchObject({ id: coach, ratingAvg: 4.5, ratingCount: 2 });
    expect(await ok(st.c, 'GET', `/api/sport/coach/${coach}`)).toMatchObject({ ratingAvg: 4.5, ratingCount: 2 });
  });
});
