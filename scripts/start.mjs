// `npm start`: build when needed, then run the production server in this same process (plain
// Node, no TypeScript loader: the server itself is built to dist/server/server.js).
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
// React and other libraries pick their production builds from NODE_ENV when first imported: the
// production server is what `npm start` runs (the container sets it too).
process.env.NODE_ENV ??= 'production';
const { startServer } = await import('../dist/server/server.js');
await startServer().catch((/** @type {unknown} */ error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
