import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { chain } from '../../src/server/chain.ts';

// chain() runs middlewares as one (decision 076): what Express 5 does with the same steps mounted
// one by one, without the router's per-layer work. Each case runs on a real Express app, both ways,
// and the answers must be the same.

const mark =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    res.append('X-Steps', name);
    next();
  };

const onError: ErrorRequestHandler = (error, _req, res, _next) => {
  res.status(500).json({ error: error instanceof Error ? error.message : String(error) });
};

/** The same steps chained, and mounted one by one, with a handler after them and an error handler. */
async function bothWays(steps: RequestHandler[]) {
  const answers = [];
  for (const mount of ['chained', 'one by one'] as const) {
    const app = express();
    if (mount === 'chained') app.use(chain(...steps));
    else for (const step of steps) app.use(step);
    app.get('/', (_req, res) => {
      res.append('X-Steps', 'route');
      res.send('reached');
    });
    app.use(onError);
    const res = await request(app).get('/');
    answers.push({ status: res.status, steps: res.headers['x-steps'], body: res.text });
  }
  expect(answers[0]).toEqual(answers[1]);
  return answers[0]!;
}

describe('chain', () => {
  it('runs the steps in order, then goes on to what follows', async () => {
    expect(await bothWays([mark('a'), mark('b'), mark('c')])).toEqual({
      status: 200,
      steps: 'a, b, c, route',
      body: 'reached',
    });
  });

  it('stops at a step that answers', async () => {
    const answer: RequestHandler = (_req, res) => void res.status(429).send('later');
    expect(await bothWays([mark('a'), answer, mark('c')])).toMatchObject({
      status: 429,
      steps: 'a',
      body: 'later',
    });
  });

  it('waits for an asynchronous step that calls next later', async () => {
    const later: RequestHandler = async (_req, res, next) => {
      await new Promise((resolve) => setImmediate(resolve));
      res.append('X-Steps', 'later');
      next();
    };
    expect(await bothWays([mark('a'), later, mark('c')])).toMatchObject({ steps: 'a, later, c, route' });
  });

  it('leaves with next(error), a thrown error or a rejected promise, to the error handler', async () => {
    const failing: RequestHandler[] = [
      (_req, _res, next) => next(new Error('passed on')),
      () => {
        throw new Error('thrown');
      },
      async () => {
        await null;
        throw new Error('rejected');
      },
    ];
    for (const step of failing) {
      const answer = await bothWays([mark('a'), step, mark('c')]);
      expect(answer).toMatchObject({ status: 500, steps: 'a' });
      expect(JSON.parse(answer.body).error).toMatch(/passed on|thrown|rejected/);
    }
    // A promise rejected without a reason still reaches the error handler, as an Error.
    const empty: RequestHandler = () => Promise.reject(undefined as unknown as Error);
    expect(JSON.parse((await bothWays([empty, mark('c')])).body).error).toBe('Rejected promise');
  });

  it("treats next('route') as next(), and next('router') as leaving the chain", async () => {
    const route: RequestHandler = (_req, _res, next) => next('route');
    expect(await bothWays([route, mark('b')])).toMatchObject({ status: 200, steps: 'b, route' });
    const app = express();
    app.use(chain((_req, _res, next) => next('router'), mark('skipped')));
    app.get('/', (_req, res) => void res.send('reached'));
    const res = await request(app).get('/');
    expect(res.text).toBe('reached');
    expect(res.headers['x-steps']).toBeUndefined();
  });
});
