/**
 * Serves the bare reference app the way apps/web/server.ts serves the product: express, the
 * built client assets, and React Router's request handler. `PORT` picks the port (0: any).
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { createRequestHandler } from '@react-router/express';
import express from 'express';
import type { ServerBuild } from 'react-router';

const root = path.dirname(fileURLToPath(import.meta.url));
const build = (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as ServerBuild;
const app = express();
app.disable('x-powered-by');
app.use('/assets', express.static(path.join(root, 'build/client/assets'), { immutable: true, maxAge: '1y' }));
app.use(express.static(path.join(root, 'build/client'), { maxAge: '1h' }));
app.all('/{*splat}', createRequestHandler({ build, mode: 'production' }));
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening on ${(server.address() as AddressInfo).port}`);
});
