import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Form, Result, Row as GridRow, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Perm, type ClassEnrolAnswer, type ClassRow, type Page } from '@venue/contract';
import { queryClient } from '../../../app/query.ts';
import { api, http } from '../../../app/request.ts';
import { MemberSelect, formatDay, useCan } from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { PayDialog, idem, newIdempotencyKey, yuan } from '../../../kit/pay/index.ts';
import { useLang } from '../../../app/prefs.ts';
import { classDetailPath, useCourseT } from './shared.tsx';

interface SaleValues {
  classId?: number;
  memberId?: number | null;
}

/** sport.course.sales (courseSales): pick a class and a member, enrol; a seat is paid with the console's pay dialog, a full class gives a waitlist position. */
export default function CourseSalesPage() {
  const t = useCourseT();
  const lang = useLang();
  const can = useCan();
  const navigate = useNavigate();
  const [form] = Form.useForm<SaleValues>();
  const [attempt, setAttempt] = useState(0);
  const key = useMemo(() => newIdempotencyKey(), [attempt]); // eslint-disable-line react-hooks/exhaustive-deps -- a new idempotency key for each attempt, on purpose
  const [done, setDone] = useState<(ClassEnrolAnswer & { classId: number }) | null>(null);
  const [paid, setPaid] = useState(false);
  const [paying, setPaying] = useState<number | null>(null);
  const classes = useQuery({
    queryKey: ['course', 'class', 'sales'],
    queryFn: () => http.post<Page<ClassRow>>(api.sport('course/class/page'), { pageNum: 1, pageSize: 500, state: 'open' }),
  });
  const classId = Form.useWatch('classId', form);
  const cls = classes.data?.data.find((c) => c.id === classId) ?? null;
  const selling = (classes.data?.data ?? []).filter((c) => c.courseState === 'approved');

  const { busy, submit } = useFormSubmit(form, async (v) => {
    const made = await http.post<ClassEnrolAnswer>(api.sport('course/class/enrol'), { classId: v.classId, memberId: Number(v.memberId) }, idem(key));
    setDone({ ...made, classId: v.classId! });
    await queryClient.invalidateQueries({ queryKey: ['course'] });
    if (made.orderId !== null && can(Perm.order.pay)) setPaying(made.orderId);
  });
  const again = () => {
    setDone(null);
    setPaid(false);
    setAttempt((n) => n + 1);
    form.resetFields();
  };

  return (
    <div data-testid="course-sales">
      <Card variant="borderless" title={t('sales.title')}>
        {done ? (
          <Result
            status={done.state === 'enrolled' ? 'success' : 'info'}
            title={
              <span data-testid="course-sales-result" data-state={done.state} data-position={done.position ?? ''}>
                {done.state === 'waitlisted' ? t('sales.waitlisted', { position: done.position ?? 0 }) : paid ? t('sales.paid') : t('sales.enrolled')}
              </span>
            }
            extra={[
              done.orderId !== null && !paid && can(Perm.order.pay) ? (
                <Button key="pay" type="primary" onClick={() => setPaying(done.orderId)} data-testid="course-sales-pay">
                  {t('sales.pay')}
                </Button>
              ) : null,
              <Button key="detail" onClick={() => navigate(classDetailPath(done.classId))}>
                {t('sales.toDetail')}
              </Button>,
              <Button key="again" onClick={again} data-testid="course-sales-again">
                {t('sales.again')}
              </Button>,
            ]}
          />
        ) : (
          <GridRow gutter={32}>
            <Col xs={24} lg={12}>
              <Form form={form} name="course-sales-form" layout="vertical" autoComplete="off" onFinish={() => void submit()}>
                <Form.Item name="classId" label={t('sales.pickClass')} rules={[{ required: true, message: t('sales.classHint') }]}>
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    loading={classes.isFetching}
                    options={selling.map((c) => ({ value: c.id, label: `${c.courseName} · ${c.name} · ${yuan(c.priceFen)}` }))}
                    data-testid="course-sales-class"
                  />
                </Form.Item>
                <Form.Item name="memberId" label={t('field.member')} rules={[{ required: true, message: t('field.member') }]} required>
                  <MemberSelect testId="course-sales-member" />
                </Form.Item>
                <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="course-sales-ok">
                  {can(Perm.order.pay) ? t('sales.ok') : t('sales.okNoPay')}
                </Button>
                <button type="submit" hidden />
              </Form>
            </Col>
            <Col xs={24} lg={12}>
              {cls ? (
                <>
                  <Descriptions size="small" column={1} bordered data-testid="course-sales-class-info">
                    <Descriptions.Item label={t('field.courseName')}>{cls.courseName}</Descriptions.Item>
                    <Descriptions.Item label={t('field.className')}>{cls.name}</Descriptions.Item>
                    <Descriptions.Item label={t('field.coach')}>{cls.coachName ?? '—'}</Descriptions.Item>
                    <Descriptions.Item label={t('field.price')}>{yuan(cls.priceFen)}</Descriptions.Item>
                    <Descriptions.Item label={t('field.capacity')}>
                      {t('sales.seats', { enrolled: cls.enrolled, capacity: cls.capacity, waitlisted: cls.waitlisted })}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('field.startDay')}>
                      {formatDay(cls.startDay, lang)} – {formatDay(cls.endDay, lang)}
                    </Descriptions.Item>
                  </Descriptions>
                  {cls.enrolled >= cls.capacity ? <Alert style={{ marginTop: 12 }} type="warning" showIcon title={t('sales.full')} /> : null}
                </>
              ) : (
                <Alert type="info" showIcon title={t('sales.classHint')} />
              )}
            </Col>
          </GridRow>
        )}
      </Card>
      <PayDialog
        orderId={paying}
        open={paying !== null}
        onClose={() => setPaying(null)}
        onPaid={() => {
          setPaid(true);
          void queryClient.invalidateQueries({ queryKey: ['course'] });
        }}
      />
    </div>
  );
}
