// The mail server of bench/checkout.ts: receipts go out over SMTP as in production (SMTP_URL),
// to this sink in its own process, which only counts them. It tells the parent its port, and
// answers 'count' with the number of messages received so far.
import { SMTPServer } from 'smtp-server';

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received += 1;
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.server.address().port }));
process.on('message', (message) => {
  if (message === 'count') process.send?.({ count: received });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
