import { describe, expect, it } from 'vitest';
import { zktecoAdapter } from './zkteco.adapter.ts';

/** The ZKTeco PUSH wire format: what the adapter reads and writes, without a server. */
describe('ZKTeco PUSH adapter', () => {
  it('reads rtlog lines by their log index and ATTLOG lines by PIN, time and status; skips and counts what it cannot read', () => {
    const rt = zktecoAdapter.parseEvents(
      'rtlog',
      'time=2026-11-30 08:01:02\tpin=M12\tcardno=0\teventaddr=1\tevent=0\tinoutstatus=0\tverifytype=1\tindex=7\r\n\nnonsense\ntime=2026-11-30 08:01:02\tpin=\tindex=8\n',
    );
    expect(rt.skipped).toBe(2);
    expect(rt.events).toEqual([{ eventKey: 'rt:7', source: 'rtlog', pin: 'M12', localTime: '2026-11-30 08:01:02', raw: expect.stringContaining('index=7') }]);
    const att = zktecoAdapter.parseEvents('ATTLOG', 'S3\t2026-11-30 08:01:02\t0\t1\t0\t0\t0\nS3\tyesterday\t0\n');
    expect(att.events.map((e) => e.eventKey)).toEqual(['att:S3|2026-11-30 08:01:02|0']);
    expect(att.skipped).toBe(1);
    expect(zktecoAdapter.parseEvents('OPERLOG', 'OPLOG 4\t0').events).toEqual([]);
  });

  it('answers the handshake, pushes and polls as the devices expect, and reads command results', () => {
    expect(zktecoAdapter.handshake('ABC123').split('\n')[0]).toBe('GET OPTION FROM: ABC123');
    expect(zktecoAdapter.pushAnswer(3)).toBe('OK: 3');
    expect(zktecoAdapter.openCommand(1, 5)).toBe('CONTROL DEVICE 01010105');
    expect(zktecoAdapter.pollAnswer([])).toBe('OK');
    expect(zktecoAdapter.pollAnswer([{ id: 4, command: 'CONTROL DEVICE 01010105' }])).toBe('C:4:CONTROL DEVICE 01010105\n');
    expect(zktecoAdapter.parseResults('ID=4&Return=0&CMD=CONTROL DEVICE\nID=x&Return=0\nID=5&Return=-1002&CMD=CONTROL DEVICE\n')).toEqual({
      results: [
        { id: 4, returnCode: 0 },
        { id: 5, returnCode: -1002 },
      ],
      skipped: 1,
    });
  });
});
