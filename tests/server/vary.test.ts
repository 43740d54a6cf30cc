import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { vary } from '../../src/server/vary.ts';

// vary() remembers each merge (decision 077): its Vary headers must be the ones Express's res.vary
// writes, for the same steps, on a real Express app, however often the same merge comes again.

/** The Vary header after adding each field in turn, on top of what a previous step had set. */
async function varyBothWays(before: string | string[] | undefined, fields: string[]) {
  const answers = [];
  for (const way of ['express', 'remembered'] as const) {
    const app = express();
    app.get('/', (_req, res) => {
      if (before !== undefined) res.setHeader('Vary', before);
      for (const field of fields) {
        if (way === 'express') res.vary(field);
        else vary(res, field);
      }
      res.send('ok');
    });
    const agent = request(app);
    // Twice: the second answer comes from what the first remembered.
    const first = await agent.get('/');
    const second = await agent.get('/');
    expect(second.headers['vary']).toBe(first.headers['vary']);
    answers.push(first.headers['vary']);
  }
  expect(answers[1]).toBe(answers[0]);
  return answers[1];
}

describe('vary', () => {
  it('sets the field on a response that has no Vary yet', async () => {
    expect(await varyBothWays(undefined, ['Accept'])).toBe('Accept');
  });

  it('adds each field after the ones already there, a list at once or one by one', async () => {
    expect(await varyBothWays(undefined, ['Accept', 'User-Agent, Cookie, Accept-Encoding'])).toBe(
      'Accept, User-Agent, Cookie, Accept-Encoding',
    );
    expect(await varyBothWays('Accept', ['User-Agent', 'Cookie'])).toBe('Accept, User-Agent, Cookie');
  });

  it('never names a field twice, whatever its case', async () => {
    expect(await varyBothWays('accept-encoding, User-Agent', ['Accept-Encoding', 'user-agent'])).toBe(
      'accept-encoding, User-Agent',
    );
  });

  it('keeps a Vary of * as it is, and a * field makes it *', async () => {
    expect(await varyBothWays('*', ['Accept'])).toBe('*');
    expect(await varyBothWays('Accept', ['*'])).toBe('*');
  });

  it('reads a Vary a previous step set as a list of values', async () => {
    expect(await varyBothWays(['Accept', 'Cookie'], ['Accept-Encoding'])).toBe(
      'Accept, Cookie, Accept-Encoding',
    );
  });
});
