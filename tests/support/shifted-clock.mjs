// Loaded into the test web server (tests/support/web-server.ts) with --import: lets the test
// move the server's clock forward (over IPC) instead of sleeping. Only `new Date()` and
// `Date.now()` shift; nothing else in the process is touched.
import process from 'node:process';

const RealDate = globalThis.Date;
let offsetMs = 0;

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offsetMs);
    else super(...args);
  }
  static now() {
    return RealDate.now() + offsetMs;
  }
}
globalThis.Date = ShiftedDate;

process.on('message', (message) => {
  if (message && typeof message === 'object' && typeof message.advanceClockMs === 'number') {
    offsetMs += message.advanceClockMs;
    process.send?.({ clockAdvanced: offsetMs });
  }
});
