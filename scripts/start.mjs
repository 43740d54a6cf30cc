// `npm start`: build when needed, then run the production server in this same process (plain
// Node, no TypeScript loader: the server itself is built to dist/server/server.js).
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
const { startServer } = await import('../dist/server/server.js');
await startServer().catch((/** @type {unknown} */ error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
