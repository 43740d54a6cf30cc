import type { ReactNode } from 'react';

/**
 * The page an email's link leads to (the newsletter's, a monthly re-check's): what the link did, in
 * a heading and a sentence, then, when stopping asks for one click, a plain form that posts the
 * RFC 8058 one-click body (it works without JavaScript, as a mail client's request does), then the
 * ways on.
 */
export function LinkOutcome({
  name,
  result,
  title,
  text,
  confirm,
  children,
}: {
  /** Names the section: `{name}-title` and the test id `{name}-outcome`. */
  name: string;
  result: string;
  title: string;
  text: string;
  /** The one-click form: where it posts and its button's label. */
  confirm?: { action: string; label: string } | undefined;
  /** The links under it. */
  children: ReactNode;
}) {
  return (
    <section
      className="section"
      aria-labelledby={`${name}-title`}
      data-testid={`${name}-outcome`}
      data-result={result}
    >
      <div className="container narrow grid gap-5">
        <h1 id={`${name}-title`} className="section-title">
          {title}
        </h1>
        <p className="section-lead wrap-anywhere">{text}</p>
        {confirm ? (
          <form method="post" action={confirm.action}>
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <button type="submit" className="btn btn-primary">
              {confirm.label}
            </button>
          </form>
        ) : null}
        <p className="flex flex-wrap gap-3">{children}</p>
      </div>
    </section>
  );
}
