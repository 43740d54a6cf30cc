import type { Request, RequestHandler, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import type { AiTrainingPolicy } from '../lib/ai-policy.ts';
import { robotsTagFor } from '../lib/ai-policy.ts';
import { classifyVisitor, type VisitorProfile } from '../lib/visitor.ts';
import { isTheme } from '../site-context.tsx';
import type { Lang } from '../site.ts';
import type { PageAssets } from './assets.ts';
import { takeFlash } from './flash.ts';
import { detectLanguage } from './language.ts';
import type { Renderer } from './renderer.ts';

declare module 'express-serve-static-core' {
  interface Request {
    visitor?: VisitorProfile;
  }
}

export interface PageDeps {
  renderer: () => Promise<Renderer>;
  assets: PageAssets;
  siteUrl: string;
  policy: AiTrainingPolicy;
}

/** The visitor profile of a request, computed once. */
export function visitorOf(req: Request): VisitorProfile {
  req.visitor ??= classifyVisitor(req.get('user-agent'));
  return req.visitor;
}

function themeOf(req: Request) {
  const raw = req.headers.cookie ? parseCookies(req.headers.cookie).theme : undefined;
  return isTheme(raw) ? raw : 'system';
}

/** Sends the app's friendly status page (400, 404 outside the router, 405, 500…). */
export async function sendStatusPage(req: Request, res: Response, deps: Pick<PageDeps, 'renderer' | 'assets'>, status: number) {
  const lang: Lang = detectLanguage(req, res);
  let html: string;
  try {
    html = (await deps.renderer()).renderStatusPage({ status, lang, stylesheets: deps.assets.styles });
  } catch {
    html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><h1>Something went wrong</h1><p><a href="/">Go to Homepage</a></p></body></html>`;
  }
  res.status(status).type('html').set('Cache-Control', 'no-store').send(html);
}

/** The SSR catch-all: React renders the whole document for people and crawlers alike. */
export function pageHandler(deps: PageDeps): RequestHandler {
  return async (req, res) => {
    const visitor = visitorOf(req);
    const renderer = await deps.renderer();
    const result = await renderer.render({
      url: new URL(req.originalUrl, deps.siteUrl).href,
      fallbackLang: detectLanguage(req, res),
      nonce: res.locals.nonce,
      bootstrapModules: deps.assets.bootstrapModules,
      site: {
        siteUrl: deps.siteUrl,
        visitor,
        theme: visitor.isBot ? 'system' : themeOf(req),
        renderedAt: new Date().toISOString(),
        assets: deps.assets,
        aiTrainingPolicy: deps.policy,
        formOutcome: visitor.isBot ? undefined : takeFlash(req, res),
      },
    });
    res.vary('User-Agent');
    if (result.kind === 'redirect') {
      res.redirect(result.status, result.location);
      return;
    }
    const robotsTag = robotsTagFor(deps.policy);
    if (robotsTag) res.set('X-Robots-Tag', robotsTag);
    res.vary('Cookie');
    res
      .status(result.status)
      .type('html')
      .set('Cache-Control', visitor.isBot ? 'public, max-age=300' : 'private, no-cache')
      .send(result.html);
  };
}
