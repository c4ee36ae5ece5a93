import { useTranslation } from 'react-i18next';

export function LoadingMessage({ text }: { text: string }) {
  return (
    <p className="status status--loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {text}
    </p>
  );
}

export function ErrorMessage({ text, onRetry }: { text: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="status status--error" role="alert">
      <p>{text}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
