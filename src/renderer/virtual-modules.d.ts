// Modules the build makes (vite.config.ts).

declare module 'virtual:client-starter' {
  /**
   * src/browser/starter.ts, minified, as a function expression: `function e(dataId){…}`.
   * src/renderer/client-starter.ts writes the call around it.
   */
  const startClient: string;
  export default startClient;
}
