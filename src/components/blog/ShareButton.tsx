import { useT } from '../../i18n/hooks.ts';
import { icon } from '../Icons.tsx';
import { useNotify } from '../Toasts.tsx';

const ShareIcon = icon(
  [
    <circle cx="18" cy="5" r="3" />,
    <circle cx="6" cy="12" r="3" />,
    <circle cx="18" cy="19" r="3" />,
    <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />,
  ],
  { width: 18, height: 18 },
);

/** Share Article: the Web Share API where the browser has it, else the link is copied and a toast says so. */
export function ShareButton({ title, text }: { title: string; text: string }) {
  const { t } = useT('blog');
  const notify = useNotify();
  const share = async () => {
    const url = window.location.href.split('#')[0]!;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      void notify({ variant: 'success', title: t('article.copied'), description: t('article.copiedText') });
    } catch {
      void notify({ variant: 'error', title: t('article.copyFailed'), description: url });
    }
  };
  return (
    <button type="button" className="btn btn-outline btn-sm" onClick={() => void share()}>
      <ShareIcon />
      {t('article.share')}
    </button>
  );
}
