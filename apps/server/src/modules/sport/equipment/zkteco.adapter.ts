import type { CommandResult, GateAdapter, GateEventIn, ParsedEvents } from './gate.adapter.ts';

/**
 * ZKTeco PUSH (the "iclock" protocol of ZKTeco access controllers and turnstiles) over HTTP:
 *
 * - `GET /iclock/cdata?SN=…&options=all&pushver=…`: the handshake; answered with the options block
 *   (`GET OPTION FROM: <SN>`, stamps, delays, `Realtime=1`).
 * - `POST /iclock/cdata?SN=…&table=ATTLOG|rtlog&Stamp=…`: events, one a line, tab-separated.
 *   ATTLOG: `PIN\tYYYY-MM-DD HH:MM:SS\tSTATUS\tVERIFY\tWORKCODE…` (no id: its identity is PIN, time
 *   and status). rtlog: `time=…\tpin=…\tcardno=…\teventaddr=…\tevent=…\tinoutstatus=…\tverifytype=…\tindex=…`
 *   (identity: `index`, the device's log index). Answered `OK: <n>`.
 * - `GET /iclock/getrequest?SN=…`: the device polls; answered `C:<id>:<command>` lines or `OK`.
 * - `POST /iclock/devicecmd?SN=…`: results, `ID=<id>&Return=<code>&CMD=<command>` a line.
 */
const TIME_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const PIN_RE = /^[A-Za-z0-9_-]{1,24}$/;

function attlog(line: string): GateEventIn | undefined {
  const [pin, time, status = '0'] = line.split('\t').map((s) => s.trim());
  if (!pin || !PIN_RE.test(pin) || !time || !TIME_RE.test(time) || !/^\d{1,3}$/.test(status)) return undefined;
  return { eventKey: `att:${pin}|${time}|${status}`, source: 'attlog', pin, localTime: time, raw: line.slice(0, 300) };
}

function rtlog(line: string): GateEventIn | undefined {
  const f = new Map<string, string>();
  for (const part of line.split('\t')) {
    const eq = part.indexOf('=');
    if (eq > 0) f.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const pin = f.get('pin');
  const time = f.get('time');
  const index = f.get('index');
  if (!pin || !PIN_RE.test(pin) || !time || !TIME_RE.test(time) || !index || !/^\d{1,12}$/.test(index)) return undefined;
  return { eventKey: `rt:${index}`, source: 'rtlog', pin, localTime: time, raw: line.slice(0, 300) };
}

export const zktecoAdapter: GateAdapter = {
  name: 'zkteco-push',
  handshake: (sn) =>
    [
      `GET OPTION FROM: ${sn}`,
      'ATTLOGStamp=None',
      'OPERLOGStamp=9999',
      'ATTPHOTOStamp=None',
      'ErrorDelay=30',
      'Delay=10',
      'TransTimes=00:00;14:05',
      'TransInterval=1',
      'TransFlag=TransData AttLog OpLog',
      'TimeZone=8',
      'Realtime=1',
      'Encrypt=None',
      '',
    ].join('\n'),
  parseEvents(table, body): ParsedEvents {
    const kind = table.toLowerCase();
    const read = kind === 'attlog' ? attlog : kind === 'rtlog' ? rtlog : undefined;
    const lines = body.split(/\r?\n/).filter((l) => l.trim() !== '');
    if (!read) return { events: [], skipped: lines.length };
    const events: GateEventIn[] = [];
    let skipped = 0;
    for (const line of lines) {
      const e = read(line);
      if (e) events.push(e);
      else skipped++;
    }
    return { events, skipped };
  },
  pushAnswer: (accepted) => `OK: ${accepted}`,
  // CONTROL DEVICE AABBCCDD: AA 01 = output, BB the door, CC 01 = the lock, DD the seconds.
  openCommand: (door, seconds) => `CONTROL DEVICE 01${String(door).padStart(2, '0')}01${String(seconds).padStart(2, '0')}`,
  pollAnswer: (commands) => (commands.length ? commands.map((c) => `C:${c.id}:${c.command}`).join('\n') + '\n' : 'OK'),
  parseResults(body) {
    const results: CommandResult[] = [];
    let skipped = 0;
    for (const line of body.split(/\r?\n/)) {
      if (!line.trim()) continue;
      const p = new URLSearchParams(line.trim());
      const id = Number(p.get('ID'));
      const code = Number(p.get('Return'));
      if (Number.isSafeInteger(id) && id > 0 && Number.isSafeInteger(code) && p.get('Return') !== null) results.push({ id, returnCode: code });
      else skipped++;
    }
    return { results, skipped };
  },
};
