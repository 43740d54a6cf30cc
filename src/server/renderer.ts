// What server.ts needs from the server bundle (src/entry-server.tsx): the type of that module.
export type Renderer = typeof import('../entry-server.tsx');
