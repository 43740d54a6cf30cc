import { ensureBuild } from './ensure-build.ts';

// `npm start`: build when needed, then run the production server in this same process.
ensureBuild();
const { startServer } = await import('../server.ts');
await startServer().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
