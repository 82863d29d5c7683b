import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Alert, Button, Card, Descriptions, Empty, Select, Space, Spin, Table, Tag, Tooltip, Typography, type InputRef } from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloudDownloadOutlined,
  CloudUploadOutlined,
  DisconnectOutlined,
  ScanOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { confirm, success, toast } from '../../../../app/feedback.tsx';
import { registerOfflineShell, rememberOfflineSession } from '../../../../app/offline.ts';
import { ScanInput } from '../../../../kit/index.ts';
import { CameraScanner } from './CameraScanner.tsx';
import { formatAt, gateApi, useGateT } from './gate.api.ts';
import {
  checkLocally,
  ed25519Verifier,
  isBareCode,
  loadState,
  markUploaded,
  recordScan,
  saveState,
  withPackage,
  type LocalScan,
  type LocalVerdict,
  type OfflineState,
} from './offline.ts';
import { reasonText, useGateOptions, useSessionOptions } from './TicketCheckPage.tsx';

/**
 * sport.ticket.offlineGate (issue 13 "Offline gates"): a checking device that keeps working
 * without the network. While online it downloads a session's public key, gate window and, by code
 * hash only, its tickets and revoked ones, and keeps them in the browser; it then decides every
 * signed QR code alone (the Ed25519 signature checked with WebCrypto, the revocation list, the codes
 * it admitted, the window), queues the scans and uploads them when the network is back (each with
 * its own id: a re-upload changes nothing). A typed code carries no signature: it is checked online
 * (the server's check) when the network is up, and refused offline (`needsOnline`).
 * ONLINE or OFFLINE is shown large: the browser's network state and the last call's outcome.
 *
 * The page also opens with no network (a reload, a device started offline): it registers the
 * console's service worker (scope: this page), which keeps the app shell and this page's code, and
 * the signed-in state it needs is remembered in IndexedDB (app/offline.ts), as is the device's own
 * state (offline.ts).
 */
const UPLOAD_CHUNK = 200;
const RETRY_MS = 10_000;

type Verify = Awaited<ReturnType<typeof ed25519Verifier>>;

export default function OfflineGatePage() {
  const [initial, setInitial] = useState<OfflineState | null>(null);
  useEffect(() => {
    let gone = false;
    void loadState().then((s) => !gone && setInitial(s));
    return () => {
      gone = true;
    };
  }, []);
  if (!initial) return <Spin data-testid="offline-loading" style={{ display: 'block', margin: '80px auto' }} />;
  return <OfflineGateDevice initial={initial} />;
}

function OfflineGateDevice({ initial }: { initial: OfflineState }) {
  const t = useGateT();
  const { pathname } = useLocation();
  const [state, setStateRaw] = useState<OfflineState>(initial);
  const stateRef = useRef(state);
  const setState = useCallback((next: OfflineState) => {
    stateRef.current = next;
    void saveState(next);
    setStateRaw(next);
  }, []);
  // This page opens again with no network: the service worker keeps its code, IndexedDB the sign-in state it needs.
  const [shell, setShell] = useState<boolean | null>(null);
  useEffect(() => {
    let gone = false;
    void rememberOfflineSession(pathname);
    void registerOfflineShell(pathname).then((ok) => !gone && setShell(ok));
    return () => {
      gone = true;
    };
  }, [pathname]);
  const [netUp, setNetUp] = useState(() => navigator.onLine);
  const [callFailed, setCallFailed] = useState(false);
  const online = netUp && !callFailed;
  const [verify, setVerify] = useState<{ fn: Verify } | null>(null);
  const [code, setCode] = useState('');
  const [verdict, setVerdict] = useState<LocalVerdict | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [uploading, setUploading] = useState(false);
  const uploadingRef = useRef(false);
  const input = useRef<InputRef>(null);
  const sessionOptions = useSessionOptions();
  const { gates, options: gateOptions } = useGateOptions();
  const [pick, setPick] = useState<{ sessionId?: number; gateId?: number }>(() => ({ sessionId: state.pkg?.sessionId, gateId: state.gateId ?? undefined }));

  useEffect(() => {
    const up = () => {
      setNetUp(true);
      setCallFailed(false);
    };
    const down = () => setNetUp(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);

  const publicKey = state.pkg?.publicKey;
  useEffect(() => {
    let gone = false;
    if (!publicKey) return;
    void ed25519Verifier(publicKey).then((fn) => !gone && setVerify({ fn }));
    return () => {
      gone = true;
    };
  }, [publicKey]);

  const upload = useCallback(async () => {
    if (uploadingRef.current) return;
    const s = stateRef.current;
    if (!s.queue.length || !s.gateId) return;
    uploadingRef.current = true;
    setUploading(true);
    try {
      let recorded = 0;
      let conflicts = 0;
      let refused = 0;
      while (stateRef.current.queue.length) {
        const chunk = stateRef.current.queue.slice(0, UPLOAD_CHUNK);
        const answer = await gateApi.upload({
          deviceId: stateRef.current.deviceId,
          gateId: stateRef.current.gateId!,
          scans: chunk.map((q) => ({ ...q, reason: q.reason ?? undefined })),
        });
        recorded += answer.recorded + answer.duplicates;
        conflicts += answer.conflicts;
        refused += answer.refused;
        const refusedWhy = Object.fromEntries(answer.results.filter((r) => r.status === 'refused' && r.reason).map((r) => [r.uid, r.reason!]));
        setState(
          markUploaded(
            stateRef.current,
            answer.results.map((r) => r.uid),
            refusedWhy,
          ),
        );
      }
      setCallFailed(false);
      success(t('offline.uploaded', { n: recorded + conflicts + refused, c: conflicts }));
      // Admissions the server did not accept (an unsigned code, a scan outside the window): shown, each with its reason in the log.
      if (refused) toast(t('offline.serverRefusedToast', { n: refused }), 'warning');
    } catch {
      setCallFailed(true);
    } finally {
      uploadingRef.current = false;
      setUploading(false);
    }
  }, [setState, t]);

  // Back online with scans queued: upload them; while the calls fail, retry now and then.
  const queued = state.queue.length;
  useEffect(() => {
    if (!netUp || !queued) return;
    if (!callFailed) void upload();
    const timer = window.setInterval(() => void upload(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [netUp, callFailed, queued, upload]);

  const download = async () => {
    const gate = gates.find((g) => g.id === pick.gateId);
    if (!pick.sessionId || !gate) return;
    setDownloading(true);
    try {
      const pkg = await gateApi.offline(pick.sessionId);
      setState(withPackage(stateRef.current, pkg, { id: gate.id, name: gate.name }));
      setVerdict(null);
      setCallFailed(false);
    } catch {
      setCallFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  /** A bare code checked by the server (online): what the gate shows, nothing queued. */
  const checkOnline = async (value: string): Promise<LocalVerdict | undefined> => {
    const s = stateRef.current;
    if (!s.pkg || !s.gateId) return undefined;
    try {
      const a = await gateApi.check({ sessionId: s.pkg.sessionId, gateId: s.gateId, code: value });
      setCallFailed(false);
      return {
        result: a.result,
        reason: a.reason,
        ticketCode: a.ticket?.code ?? value.toUpperCase(),
        label: a.ticket ? [a.ticket.seatLabel, a.ticket.levelName].filter(Boolean).join(' · ') : null,
        usedAt: a.firstUse?.at ?? null,
        usedHere: false,
      };
    } catch {
      setCallFailed(true);
      return undefined;
    }
  };

  const scan = async (text: string) => {
    const value = text.trim();
    if (!value || !stateRef.current.pkg) return;
    if (isBareCode(value) && navigator.onLine && !callFailed) {
      const checked = await checkOnline(value);
      if (checked) {
        setVerdict(checked);
        setCode('');
        input.current?.focus();
        return;
      }
    }
    const v = await checkLocally(stateRef.current, value, verify?.fn);
    setState(recordScan(stateRef.current, value, v));
    setVerdict(v);
    setCode('');
    input.current?.focus();
    if (navigator.onLine && !callFailed) void upload();
  };

  const clear = async () => {
    if (!(await confirm({ content: t('offline.clearConfirm') }))) return;
    setState({ ...stateRef.current, pkg: null, admitted: {}, log: stateRef.current.log.filter((l) => !l.uploaded) });
    setVerdict(null);
  };

  const pkg = state.pkg;
  const admittedHere = Object.keys(state.admitted).length;
  return (
    <div data-testid="offline-page">
      <div
        data-testid="offline-status"
        data-online={online ? 'true' : 'false'}
        role="status"
        style={{
          borderRadius: 12,
          padding: '14px 20px',
          marginBottom: 16,
          color: '#fff',
          background: online ? '#389e0d' : '#d4380d',
          display: 'flex',
          alignItems: 'center',
          gap: 16,
          flexWrap: 'wrap',
        }}
      >
        <span style={{ fontSize: 32, fontWeight: 700, letterSpacing: 2 }}>
          {online ? <WifiOutlined /> : <DisconnectOutlined />} {online ? t('offline.online') : t('offline.offline')}
        </span>
        <span style={{ fontSize: 15 }}>{online ? t('offline.onlineHint') : t('offline.offlineHint')}</span>
        {shell !== null ? (
          <Tooltip title={shell ? t('offline.shellReadyHint') : t('offline.shellNoneHint')}>
            <Tag
              data-testid="offline-shell"
              data-ready={shell ? 'true' : 'false'}
              style={{ marginInlineEnd: 0, color: '#fff', background: 'rgba(255,255,255,0.16)', borderColor: 'rgba(255,255,255,0.65)' }}
            >
              {shell ? t('offline.shellReady') : t('offline.shellNone')}
            </Tag>
          </Tooltip>
        ) : null}
        <span style={{ marginLeft: 'auto', fontSize: 16 }} data-testid="offline-queue" data-n={queued}>
          {t('offline.queue', { n: queued })}
        </span>
      </div>

      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <Space wrap size={12}>
          <Select
            style={{ width: 380 }}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('check.pickSession')}
            options={sessionOptions}
            value={sessionOptions.some((o) => o.value === pick.sessionId) ? pick.sessionId : undefined}
            onChange={(v: number) => setPick((p) => ({ ...p, sessionId: v }))}
            disabled={!online}
            aria-label={t('check.pickSession')}
            data-testid="offline-session"
          />
          <Select
            style={{ width: 200 }}
            placeholder={t('check.pickGate')}
            options={gateOptions}
            value={gateOptions.some((o) => o.value === pick.gateId) ? pick.gateId : undefined}
            onChange={(v: number) => setPick((p) => ({ ...p, gateId: v }))}
            disabled={!online}
            aria-label={t('check.pickGate')}
            data-testid="offline-gate"
            notFoundContent={t('check.noGate')}
          />
          <Button
            type="primary"
            icon={<CloudDownloadOutlined />}
            loading={downloading}
            disabled={!online || !pick.sessionId || !pick.gateId}
            onClick={() => void download()}
            data-testid="offline-download"
          >
            {t('offline.download')}
          </Button>
          <Button icon={<CloudUploadOutlined />} loading={uploading} disabled={!online || !queued} onClick={() => void upload()} data-testid="offline-upload">
            {t('offline.upload')}
          </Button>
          <Button danger disabled={!pkg} onClick={() => void clear()} data-testid="offline-clear">
            {t('offline.clear')}
          </Button>
        </Space>
        {pkg ? (
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} style={{ marginTop: 16 }} data-testid="offline-package" data-session-id={pkg.sessionId}>
            <Descriptions.Item label={t('check.session')}>{`${pkg.projectName} · ${pkg.sessionName}`}</Descriptions.Item>
            <Descriptions.Item label={t('gate.gate')}>{state.gateName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('offline.deviceId')}>
              <Typography.Text code>{state.deviceId}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('offline.admittedLabel')}>
              <span data-testid="offline-admitted">{t('offline.admittedHere', { n: admittedHere })}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('offline.download')} span={4}>
              {t('offline.downloaded', { n: pkg.tickets.length, r: pkg.revoked.length, at: formatAt(pkg.generatedAt) })}
            </Descriptions.Item>
            <Descriptions.Item label={t('offline.windowLabel')} span={4}>
              <span data-testid="offline-window">
                {t('check.window', { opens: formatAt(pkg.opensAt), closes: formatAt(pkg.closesAt), start: formatAt(pkg.startAt) })}
              </span>
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Alert type="info" showIcon style={{ marginTop: 16 }} title={t('offline.notReady')} data-testid="offline-not-ready" />
        )}
        {pkg && verify && !verify.fn ? <Alert type="warning" showIcon style={{ marginTop: 12 }} title={t('offline.noWebCrypto')} /> : null}
      </Card>

      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <Space wrap size={12} style={{ width: '100%' }}>
          <div style={{ width: 560, maxWidth: '100%' }}>
            <ScanInput
              inputRef={input}
              large
              autoFocus
              value={code}
              onChange={setCode}
              onSubmit={(v) => void scan(v)}
              placeholder={t('check.placeholder')}
              buttonLabel={t('check.check')}
              buttonIcon={<ScanOutlined />}
              disabled={!pkg || !verify}
              maxLength={400}
              testId="offline-code"
              buttonTestId="offline-submit"
            />
          </div>
          <CameraScanner disabled={!pkg || !verify} onCode={(text) => void scan(text)} testId="offline-camera" />
        </Space>
        {verdict ? <LocalVerdictView v={verdict} /> : null}
      </Card>

      <Card variant="borderless" title={t('check.recent')}>
        <Table<LocalScan>
          size="small"
          rowKey="uid"
          dataSource={state.log}
          pagination={false}
          data-testid="offline-log"
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('check.empty')} /> }}
          columns={[
            { key: 'at', title: t('check.scannedAt'), dataIndex: 'scannedAt', render: (v: string) => formatAt(v), width: 170 },
            { key: 'code', title: t('check.code'), dataIndex: 'ticketCode', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
            { key: 'seat', title: t('check.seat'), dataIndex: 'label', render: (v: string | null) => v ?? '—' },
            {
              key: 'result',
              title: t('check.result'),
              render: (_: unknown, r) => (
                <Space size={4}>
                  <Tag color={r.result === 'admitted' ? 'success' : 'error'}>{t(`check.results.${r.result}`)}</Tag>
                  {reasonText(t, r.reason)}
                </Space>
              ),
            },
            {
              key: 'uploaded',
              title: t('offline.uploadedCol'),
              dataIndex: 'uploaded',
              render: (v: boolean, r) => (
                <Space size={4}>
                  <Tag color={v ? 'blue' : 'default'} data-testid={`offline-log-${r.uid}`} data-uploaded={v ? 'true' : 'false'}>
                    {v ? t('offline.sent') : t('offline.pending')}
                  </Tag>
                  {r.serverRefused ? (
                    <Tooltip title={reasonText(t, r.serverRefused)}>
                      <Tag color="error" data-testid={`offline-log-refused-${r.uid}`} data-reason={r.serverRefused}>
                        {t('offline.serverRefused', { reason: reasonText(t, r.serverRefused) })}
                      </Tag>
                    </Tooltip>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}

function LocalVerdictView({ v }: { v: LocalVerdict }) {
  const t = useGateT();
  const ok = v.result === 'admitted';
  return (
    <div
      data-testid="offline-result"
      data-result={v.result}
      data-reason={v.reason ?? ''}
      role="status"
      style={{ borderRadius: 12, padding: '20px 24px', marginTop: 16, maxWidth: 720, color: '#fff', background: ok ? '#389e0d' : '#cf1322' }}
    >
      <Space align="start" size={16}>
        <span style={{ fontSize: 48, lineHeight: 1 }}>{ok ? <CheckCircleFilled /> : <CloseCircleFilled />}</span>
        <div>
          <div style={{ fontSize: 28, fontWeight: 600 }}>
            {ok ? t('check.admitted') : t('check.refused')}
            {ok ? null : <span style={{ marginLeft: 12 }}>{reasonText(t, v.reason)}</span>}
          </div>
          <div style={{ fontSize: 16, marginTop: 4 }}>{[v.ticketCode, v.label].filter(Boolean).join(' · ')}</div>
          {v.usedAt ? (
            <div style={{ fontSize: 18, marginTop: 6 }}>
              {v.usedHere ? t('offline.localUsed', { at: formatAt(v.usedAt) }) : t('offline.usedBefore', { at: formatAt(v.usedAt) })}
            </div>
          ) : null}
        </div>
      </Space>
    </div>
  );
}
