// npm run build: the web app (always rebuilt) and the compiled server (scripts/server-build.mjs).
import { buildWeb } from './web-build.mjs';
import { buildServer } from './server-build.mjs';

buildWeb({ force: true });
await buildServer();
