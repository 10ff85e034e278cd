// `npm start`: builds the server (about a second) and runs it in this process.
import { buildServer } from './build-server.mjs';

const { main } = await buildServer();
await import(main);
