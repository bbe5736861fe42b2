// npm run dev: the API with reload on change, and Vite with hot reload proxying /api to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { install, PNPM, ROOT } from './lib.mjs';

install();
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server.ts'], {
    cwd: path.join(ROOT, 'apps', 'api'),
    stdio: 'inherit',
  }),
  spawn('npx', [...PNPM, '--filter', '@minimarket/web', 'run', 'dev'], { cwd: ROOT, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
children.forEach((c) => c.on('exit', () => stop('SIGTERM')));
