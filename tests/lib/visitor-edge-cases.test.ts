import { describe, expect, it } from 'vitest';
import { BROWSER_SAMPLES } from '../fixtures/browser-user-agents.ts';
import { CRAWLERS, classifyVisitor, crawlDelayFor } from '../../src/lib/visitor.ts';

// The visitor classifier (src/lib/visitor.ts) on odd and hostile user agents: missing or blank,
// command-line tools, tokens glued inside words or between punctuation, imitations, overlong strings.

describe('edge cases', () => {
  const UNKNOWN = {
    isBot: true,
    isAICrawler: false,
    name: 'Unknown Bot',
    category: 'unknown',
    priority: 'low',
    crawlDelay: 2,
  };

  it.each([undefined, null, '', '   ', '\t'])('treats a missing or blank user agent (%j) as a bot', (ua) => {
    expect(classifyVisitor(ua)).toMatchObject(UNKNOWN);
  });

  it.each([
    'curl/8.5.0',
    'curl/7.81.0',
    'Wget/1.21.4',
    'Wget/1.20.3 (linux-gnu)',
    'python-requests/2.32.3',
    'Python-urllib/3.12',
    'Go-http-client/2.0',
    'Go-http-client/1.1',
    'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)',
    'node-fetch',
    'node',
    'axios/1.7.7',
    'okhttp/4.12.0',
    'Apache-HttpClient/4.5.14 (Java/17.0.9)',
    'PostmanRuntime/7.42.0',
  ])('counts the command-line tool or HTTP library %s as an unknown bot', (ua) => {
    expect(classifyVisitor(ua)).toMatchObject(UNKNOWN);
  });

  it.each([
    'FooCrawler/1.0',
    'my-scraper',
    'SomeAgent/2',
    'ExampleBot/0.1 (+https://example.com/bot)',
    'Mozilla/5.0 (compatible; FooSpider/3.1; +https://foo.example/spider)',
    // A generic word on a Chrome-like agent is still a bot.
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 (compatible; SomeNewBot/1.0)',
  ])('calls the unknown agent %s an Unknown Bot (unknown, low, delay 2)', (ua) => {
    expect(classifyVisitor(ua)).toEqual({ ...UNKNOWN, operator: 'unknown' });
  });

  it('does not match a token glued inside another word', () => {
    // Not GPTBot, but it still contains "bot", so it is an unknown bot.
    expect(classifyVisitor('NotGPTBotX')).toMatchObject(UNKNOWN);
    expect(classifyVisitor('Mozilla/5.0 (compatible; XGooglebot/2.1)')).toMatchObject(UNKNOWN);
    expect(classifyVisitor('SuperClaudeBot/1.0')).toMatchObject(UNKNOWN);
    for (const entry of CRAWLERS) {
      // "XGoogle-NotebookLM" still holds the token NotebookLM, another spelling of the same agent.
      const spelledInside = CRAWLERS.some(
        (other) =>
          other !== entry &&
          other.name === entry.name &&
          new RegExp(`[^a-z0-9]${other.token}$`, 'i').test(entry.token),
      );
      if (spelledInside) continue;
      for (const glued of [`X${entry.token}`, `${entry.token}X`, `9${entry.token}9`]) {
        expect(classifyVisitor(`Mozilla/5.0 (compatible; ${glued}/1.0)`).name, glued).not.toBe(entry.name);
      }
    }
  });

  it('takes no ordinary word for an AI agent: addresses, other crawlers, libraries', () => {
    for (const ua of [
      // "code" in an address is not VS Code ("Code/1.96"), "scrapy.org" is not Scrapy/2.11.
      'AppEngine-Google; (+http://code.google.com/appengine; appid: s~virustotalcloud)',
      'crawler4j (http://code.google.com/p/crawler4j/)',
      'UniversalFeedParser/5.2.1 +https://code.google.com/p/feedparser/',
      'Mozilla/5.0 (WhatsMyIP.org Text_to_Code_Ratio_Tool) http://whatsmyip.org/ua',
      'Mozilla/5.0 (compatible; FooBot/1.0; built with Scrapy; +https://scrapy.org)',
      // "spider" is every crawler's word; ai.robots.txt's "Spider" is published, never matched.
      'Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)',
      'Mozilla/5.0 (compatible; FooSpider/3.1; +https://foo.example/spider)',
      // Every OpenAI agent names openai.com: the word alone says nothing.
      'Mozilla/5.0 (compatible; SomeTool/1.0; +https://openai.com/)',
    ])
      expect(classifyVisitor(ua).isAICrawler, ua).toBe(false);
    // OpenAI's ads checker keeps its own name although its address says "openai".
    expect(
      classifyVisitor(
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-AdsBot/1.0; +https://openai.com/adsbot',
      ).name,
    ).toBe('OAI-AdsBot');
  });

  it('never calls a search engine, a browser or a command-line tool an AI crawler', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
      'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
      'Mozilla/5.0 (compatible; Qwantbot/1.0_4193332; +https://help.qwant.com/bot/)',
      'curl/8.5.0',
      'Wget/1.21.4',
      'python-requests/2.32.3',
      ...BROWSER_SAMPLES.map(([, ua]) => ua),
    ])
      expect(classifyVisitor(ua).isAICrawler, ua).toBe(false);
  });

  it('finds tokens between any punctuation, at either end of the agent', () => {
    for (const ua of [
      'GPTBot',
      'GPTBot/1.2',
      '(GPTBot)',
      'x;GPTBot;x',
      'x GPTBot',
      'x+GPTBot_1',
      'x-GPTBot-x',
      '"GPTBot"',
    ]) {
      expect(classifyVisitor(ua).name, ua).toBe('GPTBot');
    }
  });

  it('ignores case', () => {
    expect(classifyVisitor('gptbot/1.2').name).toBe('GPTBot');
    expect(classifyVisitor('GOOGLEBOT/2.1 (+http://www.google.com/bot.html)').name).toBe('Googlebot');
    expect(
      classifyVisitor('Mozilla/5.0 (compatible; BINGBOT/2.0; +http://www.bing.com/bingbot.htm)').name,
    ).toBe('Bingbot');
    expect(classifyVisitor('META-EXTERNALAGENT/1.1').name).toBe('Meta-ExternalAgent');
    expect(
      classifyVisitor(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) headlesschrome/131.0.0.0 Safari/537.36',
      ).name,
    ).toBe('Headless Chrome');
    expect(classifyVisitor('SOMEAGENT/2')).toMatchObject(UNKNOWN);
  });

  it('prefers the named agent over the engine or the agent it imitates', () => {
    // Prerender runs in headless Chrome (or PhantomJS) and appends its own token after the engine's.
    expect(
      classifyVisitor(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/114.0.5735.133 Safari/537.36 Prerender (+https://github.com/prerender/prerender)',
      ).name,
    ).toBe('Prerender');
    // Telegram's fetcher says it behaves like Twitter's.
    expect(classifyVisitor('TelegramBot (like TwitterBot)').name).toBe('TelegramBot');
    // Bing's ads crawler links to the bingbot page.
    expect(
      classifyVisitor('Mozilla/5.0 (compatible; adidxbot/2.0; +http://www.bing.com/bingbot.htm)').name,
    ).toBe('AdIdxBot');
    // Apple's iMessage link preview names three preview agents; any of them is a social preview bot.
    const imessage = classifyVisitor(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
    );
    expect(imessage).toMatchObject({ isBot: true, category: 'social', name: 'Facebook link preview' });
  });

  it('keeps the human exceptions narrow', () => {
    // A bot on a CUBOT-named device, or an AgentWeb app announcing a bot, is still a bot.
    expect(
      classifyVisitor(
        'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 (compatible; FooBot/1.0)',
      ),
    ).toMatchObject(UNKNOWN);
    expect(
      classifyVisitor(
        'Mozilla/5.0 (Linux; Android 10; K; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/87.0.4280.101 Mobile Safari/537.36 AgentWeb/4.1.3 UCBrowser/11.6.4.950 SomeAgent/2',
      ),
    ).toMatchObject(UNKNOWN);
    // The words are only excused as they appear in browsers, not inside other names.
    expect(classifyVisitor('CubotCrawler/1.0')).toMatchObject(UNKNOWN);
    expect(classifyVisitor('Mozilla/5.0 (compatible; MyCubot/1.0)')).toMatchObject(UNKNOWN);
    expect(classifyVisitor('Mozilla/5.0 (compatible; AgentWebber/1.0)')).toMatchObject(UNKNOWN);
    // A catalogue agent is found whatever else the string says.
    expect(
      classifyVisitor(
        'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 (compatible; GPTBot/1.2)',
      ).name,
    ).toBe('GPTBot');
  });

  it('classifies overlong user agents without throwing', () => {
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const tenKb = 10 * 1024;
    const cases = [
      'a'.repeat(tenKb),
      `${chrome} ${'x'.repeat(tenKb)}`,
      `${chrome} ${'bot '.repeat(tenKb / 4)}`,
      `${'GPTBot/1.2 '.repeat(tenKb / 11)}`,
      `${'('.repeat(tenKb)}GPTBot`,
      `${'Mozilla/5.0 '.repeat(tenKb / 12)}`,
      `${'-'.repeat(tenKb)}!`,
      'Googlebot'.repeat(tenKb / 9),
    ];
    for (const ua of cases) {
      const profile = classifyVisitor(ua);
      expect(typeof profile.isBot).toBe('boolean');
      expect(profile.crawlDelay).toBe(crawlDelayFor(profile));
    }
    // A token near the start is still found in a 10 KB agent.
    expect(
      classifyVisitor(
        `Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot) ${'x '.repeat(tenKb / 2)}`,
      ).name,
    ).toBe('GPTBot');
    expect(classifyVisitor('bot '.repeat(tenKb / 4))).toMatchObject(UNKNOWN);
  });
});
