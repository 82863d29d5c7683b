import { useState } from 'react';
import { Alert, Avatar, Button, Card, Col, Descriptions, Flex, Form, Input, List, Radio, Row, Space, Tabs, Tag, Typography, theme } from 'antd';
import { BankOutlined, EditOutlined, KeyOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { MOBILE_RE, passwordMessages, Perm, type ComplexityRule, type PasswordViolation } from '@venue/contract';
import { success } from '../../app/feedback.tsx';
import { formatDate } from '../../app/format.ts';
import { registerMessages } from '../../app/i18n.ts';
import { usePermission } from '../../app/permission.tsx';
import { useLang } from '../../app/prefs.ts';
import { useSession } from '../../app/session.ts';
import { reactToSaveError } from '../../kit/form.ts';
import { ChangePasswordDialog } from '../../app/password/ChangePasswordDialog.tsx';
import { usePasswordStrategy } from '../../app/password/password.api.ts';
import { useUserInfoT } from './shared.ts';
import { WechatBindItem } from './WechatBindItem.tsx';
import { useOwnProfile, useSaveOwnProfile, type OwnProfile, type ProfileEdit } from './userInfo.api.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('userInfo', zh, en);

/** Each complexity rule read as the sentence of the violation it prevents. */
const RULE_TEXT: Record<ComplexityRule, PasswordViolation> = {
  upper: 'password.needUpper',
  lower: 'password.needLower',
  digit: 'password.needDigit',
  special: 'password.needSpecial',
  noLoginName: 'password.containsLoginName',
  noSequence: 'password.sequence',
  noAdjacentSame: 'password.adjacentSame',
  noRepeat: 'password.repeatChars',
};

function ProfileForm({ profile, onDone }: { profile: OwnProfile; onDone: () => void }) {
  const t = useUserInfoT();
  const [form] = Form.useForm<ProfileEdit>();
  const save = useSaveOwnProfile();
  const max = (n: number) => ({ max: n, message: t('profile.tooLong', { max: n }) });

  const submit = async () => {
    const values = await form.validateFields();
    try {
      await save.mutateAsync({ ...values, id: profile.id, version: profile.version });
      success(t('profile.saved'));
      onDone();
    } catch (err) {
      // Stale: offer to load the latest profile; field errors: on their fields (the kit's rules).
      await reactToSaveError(form, err, { reload: onDone });
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={profile}
      style={{ maxWidth: 560 }}
      onFinish={() => void submit().catch(() => undefined)}
      data-testid="profile-form"
    >
      <Form.Item name="name" label={t('profile.name')} rules={[{ required: true, whitespace: true, message: t('profile.required') }, max(64)]}>
        <Input data-testid="profile-name" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="mobile" label={t('profile.mobile')} rules={[{ pattern: MOBILE_RE, message: t('profile.invalidMobile') }]}>
            <Input maxLength={11} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="email" label={t('profile.email')} rules={[{ type: 'email', message: t('profile.invalidEmail') }, max(128)]}>
            <Input />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="sex" label={t('profile.sex')}>
            <Radio.Group
              options={[
                { value: 1, label: t('profile.male') },
                { value: 2, label: t('profile.female') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="officePhone" label={t('profile.officePhone')} rules={[max(32)]}>
            <Input />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="address" label={t('profile.address')} rules={[max(200)]}>
        <Input />
      </Form.Item>
      <Form.Item name="remark" label={t('profile.remark')} rules={[max(500)]}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
          {t('profile.save')}
        </Button>
        <Button onClick={onDone}>{t('profile.cancel')}</Button>
      </Space>
    </Form>
  );
}

/** /user/info: the signed-in user's own profile and password change (from the top bar's user menu). */
export default function UserInfoPage() {
  const t = useUserInfoT();
  const lang = useLang();
  const { token } = theme.useToken();
  const { data: profile, isLoading, refetch } = useOwnProfile();
  const { data: strategy } = usePasswordStrategy();
  const canEdit = usePermission(Perm.user.edit);
  const currentOrg = useSession((s) => s.userInfo?.currentOrg);
  const [editing, setEditing] = useState(false);
  const [pwdOpen, setPwdOpen] = useState(false);

  const dash = (v: string | null | undefined) => v || '—';
  const sex = profile?.sex === 1 ? t('profile.male') : profile?.sex === 2 ? t('profile.female') : '—';

  const basic = profile ? (
    editing ? (
      <ProfileForm
        profile={profile}
        onDone={() => {
          setEditing(false);
          void refetch();
        }}
      />
    ) : (
      <Flex vertical gap={16}>
        {!canEdit ? <Alert type="info" showIcon title={t('profile.viewOnly')} /> : null}
        <Descriptions
          bordered
          size="middle"
          column={{ xs: 1, md: 2 }}
          data-testid="profile-details"
          items={[
            { key: 'code', label: t('profile.loginName'), children: <span data-testid="profile-login-name">{profile.code}</span> },
            { key: 'no', label: t('profile.no'), children: dash(profile.no) },
            { key: 'name', label: t('profile.name'), children: <span data-testid="profile-name-view">{profile.name}</span> },
            { key: 'sex', label: t('profile.sex'), children: sex },
            { key: 'mobile', label: t('profile.mobile'), children: dash(profile.mobile) },
            { key: 'email', label: t('profile.email'), children: dash(profile.email) },
            { key: 'officePhone', label: t('profile.officePhone'), children: dash(profile.officePhone) },
            { key: 'jobNumber', label: t('profile.jobNumber'), children: dash(profile.jobNumber) },
            { key: 'org', label: t('profile.org'), children: profile.orgName },
            { key: 'created', label: t('profile.createTime'), children: formatDate(profile.createTime, lang) },
            { key: 'address', label: t('profile.address'), children: dash(profile.address), span: 'filled' },
            { key: 'remark', label: t('profile.remark'), children: dash(profile.remark), span: 'filled' },
          ]}
        />
        {canEdit ? (
          <div>
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="profile-edit">
              {t('profile.edit')}
            </Button>
          </div>
        ) : null}
      </Flex>
    )
  ) : null;

  const security = (
    <List itemLayout="horizontal" style={{ maxWidth: 720 }}>
      <List.Item
        actions={[
          <Button key="change" type="primary" icon={<KeyOutlined />} onClick={() => setPwdOpen(true)} data-testid="profile-change-password">
            {t('profile.change')}
          </Button>,
        ]}
      >
        <List.Item.Meta
          avatar={<Avatar icon={<KeyOutlined />} style={{ background: token.colorPrimary }} />}
          title={t('profile.password')}
          description={t('profile.passwordHint')}
        />
      </List.Item>
      <WechatBindItem />
      {strategy ? (
        <List.Item>
          <List.Item.Meta
            avatar={<Avatar icon={<SafetyOutlined />} style={{ background: token.colorSuccess }} />}
            title={t('profile.passwordRules')}
            description={
              <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }} data-testid="profile-password-rules">
                <li>{t('profile.lengthRule', { min: strategy.minLength, max: strategy.maxLength })}</li>
                {strategy.complexity.map((r) => (
                  <li key={r}>{passwordMessages[lang][RULE_TEXT[r]]}</li>
                ))}
                <li>{strategy.expireDays ? t('profile.expiry', { n: strategy.expireDays }) : t('profile.noExpiry')}</li>
              </ul>
            }
          />
        </List.Item>
      ) : null}
    </List>
  );

  return (
    <Row gutter={[16, 16]} data-testid="user-info-page">
      <Col xs={24} lg={8} xl={7}>
        <Card loading={isLoading}>
          {profile ? (
            <Flex vertical align="center" gap={8}>
              <Avatar size={80} icon={<UserOutlined />} style={{ background: token.colorPrimary }} />
              <Typography.Title level={4} style={{ margin: '8px 0 0' }}>
                {profile.name}
              </Typography.Title>
              <Typography.Text type="secondary">{profile.code}</Typography.Text>
              <Flex wrap gap={4} justify="center" style={{ marginTop: 4 }}>
                {profile.roles.length ? (
                  profile.roles.map((r) => (
                    <Tag key={r.id} color="blue">
                      {r.name}
                    </Tag>
                  ))
                ) : (
                  <Tag>{t('profile.noRoles')}</Tag>
                )}
              </Flex>
              <Descriptions
                column={1}
                size="small"
                style={{ width: '100%', marginTop: 16 }}
                items={[
                  { key: 'current', label: t('profile.currentOrg'), children: currentOrg?.orgName ?? profile.orgName },
                  {
                    key: 'orgs',
                    label: t('profile.orgs'),
                    children: (
                      <Flex vertical gap={2}>
                        {profile.orgs.map((o) => (
                          <span key={o.orgId}>
                            <BankOutlined /> {o.orgName}
                            {o.isDefault ? <Tag style={{ marginInlineStart: 6 }}>{t('profile.defaultOrg')}</Tag> : null}
                          </span>
                        ))}
                      </Flex>
                    ),
                  },
                  { key: 'mobile', label: t('profile.mobile'), children: dash(profile.mobile) },
                  { key: 'email', label: t('profile.email'), children: dash(profile.email) },
                ]}
              />
            </Flex>
          ) : null}
        </Card>
      </Col>
      <Col xs={24} lg={16} xl={17}>
        <Card loading={isLoading}>
          <Tabs
            defaultActiveKey={new URLSearchParams(window.location.search).get('wechat') === 'bind' ? 'security' : 'basic'}
            items={[
              { key: 'basic', label: t('profile.basic'), children: basic },
              { key: 'security', label: <span data-testid="profile-tab-security">{t('profile.security')}</span>, children: security },
            ]}
          />
        </Card>
      </Col>
      <ChangePasswordDialog open={pwdOpen} loginName={profile?.code} onClose={() => setPwdOpen(false)} onChanged={() => setPwdOpen(false)} />
    </Row>
  );
}
