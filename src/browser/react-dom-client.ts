// react-dom/client is CommonJS: its (large) module body runs when the first ES module that imports
// it is evaluated. Importing it from here, a module the build puts in the react-dom chunk
// (vite.config.ts), makes that happen when the starter imports that chunk, in a task of its own,
// rather than inside the evaluation of the app's entry.
export { hydrateRoot } from 'react-dom/client';
