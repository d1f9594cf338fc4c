// A stand-in worker for front.test.ts: answers every request with who it is and what it got.
import http from 'node:http';

const server = http.createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ worker: Number(process.env.SMOULDER_WORKER), url: req.url, pid: process.pid }));
});
process.on('message', (message, socket) => {
  if (message.type === 'connection' && socket) {
    server.emit('connection', socket);
    socket.unshift(Buffer.from(message.head, 'latin1'));
    socket.resume();
  } else if (message.type === 'metrics') {
    const up = { name: 'echo_up', help: 'workers up', type: 'gauge', aggregator: 'sum', values: [{ value: 1, labels: {} }] };
    process.send({ type: 'metrics', id: message.id, metrics: [up] });
  } else if (message.type === 'readiness') {
    process.send({ type: 'readiness', id: message.id, readiness: { status: 'ready', database: 'postgres', games: Number(process.env.SMOULDER_WORKER) } });
  }
});
process.on('disconnect', () => process.exit(0));
process.send({ type: 'ready' });
