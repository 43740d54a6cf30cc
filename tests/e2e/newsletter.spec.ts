import { expect, hydrated, test } from './fixtures.ts';
import { mailTo } from './mail.ts';

// The newsletter's double opt-in as a person lives it: subscribe on the blog, open the email the
// site really sent (to the mail sink), follow its confirmation link, then unsubscribe with its
// link and the button, in both languages, with and without JavaScript.

const TEXTS = {
  en: {
    label: 'Email address',
    submit: 'Subscribe',
    sent: 'Almost there: confirm your subscription 📬',
    confirmed: 'Your subscription is confirmed',
    already: 'You are already subscribed',
    ask: 'Unsubscribe from the newsletter?',
    button: 'Unsubscribe',
    unsubscribed: 'You are unsubscribed',
    invalid: 'This link is not valid',
  },
  fr: {
    label: 'Adresse e-mail',
    submit: 'S’abonner',
    sent: 'Plus qu’une étape\u00a0: confirmez votre inscription 📬',
    confirmed: 'Votre abonnement est confirmé',
    already: 'Vous êtes déjà abonné',
    ask: 'Se désabonner de la newsletter\u202f?',
    button: 'Me désabonner',
    unsubscribed: 'Vous êtes désabonné',
    invalid: 'Ce lien n’est pas valide',
  },
} as const;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`newsletter ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    for (const lang of ['en', 'fr'] as const) {
      test(`${lang}: subscribe, confirm from the email, unsubscribe`, async ({
        page,
        request,
        consoleProblems,
        isMobile,
      }) => {
        test.skip(isMobile, 'the flow does not depend on the viewport');
        void consoleProblems;
        const t = TEXTS[lang];
        const address = `nl-${lang}-${javaScriptEnabled ? 'js' : 'nojs'}-${Date.now()}@example.org`;
        await page.goto(`/${lang}/blog`);
        if (javaScriptEnabled) await hydrated(page);
        const block = page.locator('#newsletter');
        await block.getByLabel(t.label).fill(address);
        await block.getByRole('button', { name: t.submit }).click();
        await expect(page.getByText(t.sent)).toBeVisible();

        const mail = await mailTo(request, address);
        const confirm = new URL(/https?:\/\/\S+?\/newsletter\/confirm\?token=[\w.-]+/.exec(mail.text)![0]);
        const unsubscribe = new URL(/<([^>]+)>/.exec(mail.headers.get('list-unsubscribe') ?? '')![1]!);

        await page.goto(confirm.pathname + confirm.search);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.confirmed);
        await page.goto(confirm.pathname + confirm.search);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.already);

        await page.goto(unsubscribe.pathname + unsubscribe.search);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.ask);
        await page.getByRole('button', { name: t.button }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.unsubscribed);
      });

      // Without the console check: the browser reports the page's 400 status as a console error.
      test(`${lang}: a forged link gets a clear page with status 400`, async ({ page, isMobile }) => {
        test.skip(isMobile, 'the page does not depend on the viewport');
        const forged = await page.goto(`/${lang}/newsletter/confirm?token=forged.token`);
        expect(forged?.status()).toBe(400);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS[lang].invalid);
      });
    }
  });
}
