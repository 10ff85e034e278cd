import { spawn } from 'node:child_process';

// `npm run dev`: the API (restarting on change) on 3000 and Vite with hot reload on 5173, which
// proxies /api and /idp to it. The browser uses 5173, so the provider's issuer is that origin.
const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173', SERVE_SPA: 'false' };
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
for (const child of children) child.on('exit', stop);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
