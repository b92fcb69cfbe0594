import { texts } from '../../texts';

/** 'Tilbage' to the step before. */
export function Back({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="kb-button" data-kind="secondary" onClick={onClick}>
      {texts.back}
    </button>
  );
}
