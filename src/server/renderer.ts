// What server.ts needs from the server bundle (src/entry-server.tsx): the type of that module.
import type * as EntryServer from '../entry-server.tsx';
export type Renderer = typeof EntryServer;
