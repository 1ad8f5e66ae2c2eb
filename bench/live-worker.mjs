// The live streams of bench/run.ts (benchLive), in a worker thread so they never share the event
// loop or the heap of the server they load. Plain JavaScript so it loads in a worker under tsx.
//
// workerData: { baseUrl, sessions: [{cookie}], streams }: opens `streams` GET /api/live streams,
// round robin over the sessions; posts {open, statuses} once each answered, then on the message
// 'stop' closes them all and posts {changes, bytes}: what they heard meanwhile.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { baseUrl, sessions, streams } = workerData;
const url = new URL(baseUrl);
if (url.hostname !== '127.0.0.1') throw new Error('The benchmark only targets 127.0.0.1.');

const CHANGE = Buffer.from('event: change\n');
const requests = [];
const statuses = {};
let changes = 0;
let bytes = 0;

function open(session) {
  return new Promise((resolve) => {
    const req = http.get(
      { host: url.hostname, port: url.port, path: '/api/live', headers: { cookie: session.cookie, accept: 'text/event-stream' }, agent: false },
      (res) => {
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        // counted in the bytes as they come (no decoding): this thread shares the machine with the server it measures
        res.on('data', (chunk) => {
          bytes += chunk.length;
          for (let at = chunk.indexOf(CHANGE); at >= 0; at = chunk.indexOf(CHANGE, at + CHANGE.length)) changes++;
        });
        res.on('error', () => undefined);
        resolve();
      },
    );
    req.on('error', () => {
      statuses.error = (statuses.error ?? 0) + 1;
      resolve();
    });
    requests.push(req);
  });
}

for (let i = 0; i < streams; i++) await open(sessions[i % sessions.length]);
parentPort.postMessage({ open: requests.length, statuses });
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  for (const req of requests) req.destroy();
  parentPort.postMessage({ changes, bytes });
  parentPort.close();
});
