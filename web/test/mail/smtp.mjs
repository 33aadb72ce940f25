// A real SMTP server for the tests (issue 31): `smtp-server` from npm on loopback, which
// parses every message it receives with `mailparser` (a real MIME parser) and reads the QR
// code of its PNG image back with `jsqr`.
//
//   node test/mail/smtp.mjs [port]
//
// Prints `{"port":N}` once listening, then one JSON line per message received:
// {from, to, subject, message_id, headers, text, html, images: [{cid, content_type, qr}]}.
// A recipient whose local part starts with `bounce` is refused for good (550 5.1.1), one
// starting with `busy` for now (451 4.3.0). No TLS, no authentication required (it accepts
// any user and password and reports which it was given as `auth_user`).

import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';

const port = Number(process.argv[2] || 0);

function qrOf(buffer) {
  try {
    const png = PNG.sync.read(buffer);
    const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    return found ? found.data : null;
  } catch {
    return null;
  }
}

const server = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  logger: false,
  size: 10 * 1024 * 1024,
  onAuth(auth, session, callback) {
    callback(null, { user: auth.username });
  },
  onRcptTo(address, session, callback) {
    const local = address.address.split('@')[0];
    if (local.startsWith('bounce')) {
      const error = new Error('5.1.1 no such mailbox here');
      error.responseCode = 550;
      return callback(error);
    }
    if (local.startsWith('busy')) {
      const error = new Error('4.3.0 mailbox busy, try later');
      error.responseCode = 451;
      return callback(error);
    }
    return callback();
  },
  onData(stream, session, callback) {
    simpleParser(stream, { keepCidLinks: true })
      .then((mail) => {
        const headers = {};
        for (const [key, value] of mail.headers) headers[key] = typeof value === 'string' ? value : JSON.stringify(value);
        const out = {
          envelope_from: session.envelope.mailFrom && session.envelope.mailFrom.address,
          envelope_to: session.envelope.rcptTo.map((r) => r.address),
          auth_user: session.user || null,
          from: mail.from ? mail.from.text : null,
          to: mail.to ? mail.to.text : null,
          reply_to: mail.replyTo ? mail.replyTo.text : null,
          subject: mail.subject || null,
          message_id: mail.messageId || null,
          headers,
          text: mail.text || null,
          html: typeof mail.html === 'string' ? mail.html : null,
          images: (mail.attachments || [])
            .filter((a) => a.contentType === 'image/png')
            .map((a) => ({ cid: a.cid || null, content_type: a.contentType, qr: qrOf(a.content), content_base64: a.content.toString('base64') })),
        };
        process.stdout.write(`${JSON.stringify(out)}\n`);
        callback();
      })
      .catch((error) => callback(error));
  },
});

server.on('error', (error) => {
  process.stderr.write(`smtp sink: ${error.message}\n`);
});

server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.server.address().port })}\n`);
});

process.stdin.on('end', () => server.close(() => process.exit(0)));
process.stdin.resume();
