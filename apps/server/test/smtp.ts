import net, { type AddressInfo } from 'node:net';

/** A local SMTP server for tests (recovery mails, the email channel): it keeps each mail. */
export interface Mail {
  from: string;
  to: string[];
  data: string;
}

/** Just enough SMTP (RFC 5321) for nodemailer to deliver plain mails, which it keeps. */
export async function startSmtp() {
  const mails: Mail[] = [];
  const server = net.createServer((sock) => {
    let buf = '';
    let inData = false;
    let cur: Mail = { from: '', to: [], data: '' };
    sock.write('220 test.local ESMTP\r\n');
    sock.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buf.indexOf('\r\n.\r\n');
          if (end < 0) return;
          cur.data = buf.slice(0, end).replace(/^\.\./gm, '.');
          buf = buf.slice(end + 5);
          inData = false;
          mails.push(cur);
          cur = { from: '', to: [], data: '' };
          sock.write('250 2.0.0 queued\r\n');
          continue;
        }
        const nl = buf.indexOf('\r\n');
        if (nl < 0) return;
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 2);
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') sock.write('250-test.local\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
        else if (verb === 'HELO') sock.write('250 test.local\r\n');
        else if (verb === 'MAIL') {
          cur.from = line.match(/<(.*)>/)?.[1] ?? '';
          sock.write('250 2.1.0 ok\r\n');
        } else if (verb === 'RCPT') {
          cur.to.push(line.match(/<(.*)>/)?.[1] ?? '');
          sock.write('250 2.1.5 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          sock.write('354 end with <CRLF>.<CRLF>\r\n');
        } else if (verb === 'QUIT') {
          sock.end('221 2.0.0 bye\r\n');
          return;
        } else if (verb === 'RSET' || verb === 'NOOP') sock.write('250 ok\r\n');
        else sock.write('502 5.5.2 not implemented\r\n');
      }
    });
    sock.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, mails, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The text of a single-part mail, whatever transfer encoding nodemailer chose. */
export function mailText(data: string): string {
  const split = data.indexOf('\r\n\r\n');
  const head = data.slice(0, split).toLowerCase();
  const body = data.slice(split + 4);
  if (head.includes('content-transfer-encoding: base64')) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (head.includes('content-transfer-encoding: quoted-printable')) {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => `%${h}`);
    return decodeURIComponent(bytes);
  }
  return body;
}
