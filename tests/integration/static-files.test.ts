import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { topLevelFiles } from '../../src/server/static-files.ts';
import { HUMAN_UA, testServer } from '../support/test-server.ts';

// The client build's top-level files (src/server/static-files.ts topLevelFiles): known by name at
// start-up, so every other address goes on to the pages without touching the file system.

const clientDir = path.resolve('dist/client');

describe('top-level files of the build', () => {
  it('serves the files it found, for an hour, and lets every other address through', async () => {
    const app = express();
    app.use(topLevelFiles(clientDir));
    app.use((_req, res) => void res.status(418).send('next'));
    const icon = await request(app).get('/favicon-32.png');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    // Folders, dot files, pages and made-up names are not its business.
    for (const other of [
      '/.vite/manifest.json',
      '/.vite',
      '/assets',
      '/en/guide',
      '/favicon-32.png/x',
      '/nope.png',
    ])
      expect((await request(app).get(other)).status, other).toBe(418);
  });

  it('leaves the site as it was: icons, manifest and pages answer', async () => {
    const site = await testServer();
    try {
      expect((await request(site).get('/site.webmanifest')).status).toBe(200);
      expect((await request(site).get('/en/guide').set('User-Agent', HUMAN_UA)).status).toBe(200);
      expect((await request(site).get('/.vite/manifest.json')).status).toBe(404);
    } finally {
      await site.locals.close();
    }
  });
});
