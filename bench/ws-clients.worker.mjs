// The WebSocket clients of bench/ws.bench.ts, in a worker thread so that reading frames does not share the
// server's event loop. Each client subscribes to its codes, and once told to start, records for every quote
// frame after the snapshot its key (code, trade time, volume) and when it arrived.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

/** @type {{ url: string; codes: string[][] }} */
const { url, codes } = workerData;
const now = () => performance.timeOrigin + performance.now();

let recording = false;
/** @type {string[]} */
const keys = [];
/** @type {number[]} */
const arrivals = [];
/** @type {WebSocket[]} */
const sockets = [];

/** The string value of `name` in a frame's data (the quote's fields are strings or null). */
function field(/** @type {string} */ text, /** @type {string} */ name) {
  const at = text.indexOf(`"${name}":`, text.indexOf('"data":'));
  const start = at + name.length + 3;
  return text[start] === '"' ? text.slice(start + 1, text.indexOf('"', start + 1)) : 'null';
}

/** @param {string[]} channels @returns {Promise<WebSocket>} */
function open(channels) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    let snapshots = 0;
    socket.on('message', (raw) => {
      // Read by position rather than parsed whole: the clients share the machine's cores with the server.
      const text = raw.toString();
      if (!text.startsWith('{"channel":"quote:')) return;
      if (text.includes('"seq":1,')) {
        snapshots += 1;
        if (snapshots === channels.length) resolve(socket);
        return;
      }
      if (!recording) return;
      keys.push(`${field(text, 'code')}|${field(text, 'updatedAt')}|${field(text, 'volume')}`);
      arrivals.push(now());
    });
    socket.once('open', () => socket.send(JSON.stringify({ op: 'subscribe', channels })));
    socket.once('error', reject);
  });
}

const BATCH = 50;
for (let i = 0; i < codes.length; i += BATCH) {
  sockets.push(
    ...(await Promise.all(
      codes.slice(i, i + BATCH).map((list) => open(list.map((code) => `quote:${code}`))),
    )),
  );
}
parentPort.postMessage({ type: 'ready' });
parentPort.on('message', (message) => {
  if (message.type === 'start') recording = true;
  if (message.type === 'stop') {
    recording = false;
    const dropped = sockets.filter((socket) => socket.readyState !== WebSocket.OPEN).length;
    for (const socket of sockets) socket.terminate();
    parentPort.postMessage({ type: 'records', keys, arrivals, dropped });
  }
});
