import { useEffect } from 'react';
import { Alert, Button, Card, Col, Divider, Flex, Form, Input, Row, Switch, Tag, Typography, theme } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm } from '@venue/contract';
import type { SystemSettings } from '../../../app/branding.ts';
import { success } from '../../../app/feedback.tsx';
import { registerMessages } from '../../../app/i18n.ts';
import { LogoMark } from '../../../app/Logo.tsx';
import { usePermission } from '../../../app/permission.tsx';
import { hasChanges } from '../../../kit/diff.ts';
import { errorFieldsOf, focusFirstError, reactToSaveError, reportNoChanges } from '../../../kit/form.ts';
import { ImageField } from './ImageField.tsx';
import { useSaveSetting, useSetting } from './setting.api.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('setting', zh, en);

const EMPTY: SystemSettings = { enable: false, loginName: '', loginBg: '', copyright: '', logo: '', systemName: '', tabsName: '', tabsLogo: '' };

function Preview({ v }: { v: SystemSettings }) {
  const { t } = useTranslation('setting');
  const { t: tApp } = useTranslation('app');
  const { token } = theme.useToken();
  const on = v.enable;
  const loginName = (on && (v.loginName || v.systemName)) || tApp('product.name');
  const tabName = (on && v.tabsName) || tApp('product.name');
  const sysName = (on && v.systemName) || tApp('product.name');
  const logo = on && v.logo ? <img src={v.logo} alt="" width={20} height={20} style={{ objectFit: 'contain' }} /> : <LogoMark size={20} />;
  const label = (s: string) => (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {s}
    </Typography.Text>
  );
  return (
    <Flex vertical gap={12} data-testid="setting-preview">
      {label(t('previewTab'))}
      <div style={{ background: token.colorFillSecondary, borderRadius: token.borderRadius, padding: '6px 8px 0' }}>
        <Flex
          align="center"
          gap={6}
          style={{ background: token.colorBgContainer, borderRadius: `${token.borderRadius}px ${token.borderRadius}px 0 0`, padding: '6px 10px', width: 220 }}
        >
          {on && v.tabsLogo ? <img src={v.tabsLogo} alt="" width={16} height={16} /> : <LogoMark size={16} />}
          <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: 12 }} data-testid="setting-preview-tab">
            {tabName}
          </span>
          <CloseOutlined style={{ fontSize: 10, opacity: 0.5 }} />
        </Flex>
      </div>
      {label(t('previewSider'))}
      <Flex align="center" gap={8} style={{ background: '#001529', color: '#fff', borderRadius: token.borderRadius, padding: '10px 12px', width: 220 }}>
        {logo}
        <span style={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{sysName}</span>
      </Flex>
      {label(t('previewLogin'))}
      <div
        style={{
          position: 'relative',
          aspectRatio: '16 / 9',
          borderRadius: token.borderRadius,
          overflow: 'hidden',
          background:
            on && v.loginBg
              ? `center / cover no-repeat url("${v.loginBg.replace(/"/g, '%22')}")`
              : 'linear-gradient(135deg, #0b1f4d 0%, #1d4ed8 55%, #0ea5e9 100%)',
        }}
      >
        <Flex vertical align="center" justify="center" style={{ position: 'absolute', inset: 0 }}>
          <div style={{ background: token.colorBgContainer, borderRadius: 8, padding: '10px 14px', minWidth: 150, boxShadow: token.boxShadow }}>
            <Flex align="center" gap={6}>
              {logo}
              <span style={{ fontWeight: 600, fontSize: 12 }} data-testid="setting-preview-login">
                {loginName}
              </span>
            </Flex>
            <div style={{ height: 6, background: token.colorFillSecondary, borderRadius: 3, marginTop: 8 }} />
            <div style={{ height: 6, background: token.colorFillSecondary, borderRadius: 3, marginTop: 6 }} />
            <div style={{ height: 8, background: token.colorPrimary, borderRadius: 3, marginTop: 8 }} />
          </div>
        </Flex>
        <div style={{ position: 'absolute', bottom: 4, width: '100%', textAlign: 'center', color: 'rgba(255,255,255,0.75)', fontSize: 10 }}>
          {(on && v.copyright) || t('defaultCopyright')}
        </div>
      </div>
      {!on ? label(t('defaultHint')) : null}
    </Flex>
  );
}

/** /system/setting: login page and branding settings (system_settings). */
export default function SettingPage() {
  const { t } = useTranslation('setting');
  const canEdit = usePermission(Perm.setting.edit);
  const { data, isLoading, refetch } = useSetting();
  const save = useSaveSetting();
  const [form] = Form.useForm<SystemSettings>();
  const watched = Form.useWatch([], form) as SystemSettings | undefined;

  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);

  const onSave = async () => {
    let values: SystemSettings;
    try {
      values = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    if (!data) return;
    const next = { ...EMPTY, ...values, enable: !!values.enable };
    // Nothing changed: nothing is sent and no success toast appears.
    if (!hasChanges({ ...EMPTY, ...data, enable: !!data.enable }, next, Object.keys(EMPTY))) {
      reportNoChanges();
      return;
    }
    try {
      const saved = await save.mutateAsync({ ...next, version: data.version });
      form.setFieldsValue(saved);
      success(t('saved'));
    } catch (err) {
      // Stale: offer to load the latest version; field errors: on their fields (the kit's rules).
      await reactToSaveError(form, err, {
        reload: async () => {
          const fresh = await refetch();
          if (fresh.data) form.setFieldsValue(fresh.data);
        },
      });
    }
  };

  const max = (n: number) => [{ max: n, message: t('tooLong', { max: n }) }];
  const enabled = !!watched?.enable;

  return (
    <Row gutter={[16, 16]} data-testid="setting-page">
      <Col xs={24} xl={15}>
        <Card title={t('title')} loading={isLoading} extra={enabled ? <Tag color="success">{t('enabledTag')}</Tag> : <Tag>{t('disabledTag')}</Tag>}>
          {!canEdit ? <Alert type="info" showIcon title={t('readOnly')} style={{ marginBottom: 16 }} /> : null}
          <Form
            form={form}
            layout="horizontal"
            labelCol={{ flex: '150px' }}
            labelWrap
            wrapperCol={{ flex: '1 1 0' }}
            disabled={!canEdit}
            onFinish={() => void onSave().catch(() => undefined)}
          >
            <Form.Item name="enable" label={t('enable')} valuePropName="checked" extra={t('enableHint')}>
              <Switch data-testid="setting-enable" />
            </Form.Item>
            <Divider titlePlacement="start" plain>
              {t('loginSection')}
            </Divider>
            <Form.Item name="loginName" label={t('loginName')} rules={max(50)}>
              <Input placeholder={t('loginNamePlaceholder')} maxLength={50} showCount data-testid="setting-login-name" />
            </Form.Item>
            <Form.Item name="loginBg" label={t('loginBg')}>
              <ImageField kind="bg" testId="setting-bg" />
            </Form.Item>
            <Form.Item name="copyright" label={t('copyright')} rules={max(200)}>
              <Input placeholder={t('copyrightPlaceholder')} maxLength={200} data-testid="setting-copyright" />
            </Form.Item>
            <Divider titlePlacement="start" plain>
              {t('systemSection')}
            </Divider>
            <Form.Item name="logo" label={t('logo')}>
              <ImageField kind="logo" testId="setting-logo" />
            </Form.Item>
            <Form.Item name="systemName" label={t('systemName')} rules={max(50)}>
              <Input placeholder={t('systemNamePlaceholder')} maxLength={50} showCount data-testid="setting-system-name" />
            </Form.Item>
            <Divider titlePlacement="start" plain>
              {t('tabSection')}
            </Divider>
            <Form.Item name="tabsLogo" label={t('tabsLogo')}>
              <ImageField kind="tab" testId="setting-tab" />
            </Form.Item>
            <Form.Item name="tabsName" label={t('tabsName')} rules={max(50)}>
              <Input placeholder={t('tabsNamePlaceholder')} maxLength={50} showCount data-testid="setting-tabs-name" />
            </Form.Item>
            {canEdit ? (
              <Flex gap={8} justify="flex-end">
                <Button onClick={() => data && form.setFieldsValue(data)} disabled={!data} data-testid="setting-reset">
                  {t('reset')}
                </Button>
                <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="setting-save">
                  {t('save')}
                </Button>
              </Flex>
            ) : null}
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <Card title={t('preview')} loading={isLoading}>
          <Preview v={{ ...EMPTY, ...data, ...watched }} />
        </Card>
      </Col>
    </Row>
  );
}
