// Lighthouse's robots.txt audit as current Lighthouse runs it (and so PageSpeed Insights): since
// GoogleChrome/lighthouse pull request 16767 its list of known fields includes `Content-Signal`
// (contentsignals.org), which this site's robots.txt states. Lighthouse 12, the
// last release that runs on Node 20, still reports that line as an unknown directive and takes 8
// points off SEO for it. This audit runs Lighthouse 12's own with that one field known: the line
// becomes a comment (the line numbers stay) and every other rule applies unchanged.
import RobotsTxt from 'lighthouse/core/audits/seo/robots-txt.js';

type Artifacts = Parameters<typeof RobotsTxt.audit>[0];

const CONTENT_SIGNAL = /^[ \t]*content-signal[ \t]*:.*$/gim;

export default class RobotsTxtWithContentSignal extends RobotsTxt {
  static override get meta() {
    return { ...super.meta, id: 'robots-txt-current' };
  }

  static override audit(artifacts: Artifacts) {
    const { content } = artifacts.RobotsTxt;
    if (typeof content !== 'string') return super.audit(artifacts);
    return super.audit({
      ...artifacts,
      RobotsTxt: { ...artifacts.RobotsTxt, content: content.replace(CONTENT_SIGNAL, '# content-signal') },
    });
  }
}
