import type { ReactNode } from 'react';

/** The words of a row's buttons, from the screen's own texts module. */
export interface RowActionTexts {
  edit: string;
  moveUp: string;
  moveDown: string;
  remove: string;
}

/**
 * A list row's edit, up, down and remove buttons, each named "<row label> <action>" for screen
 * readers (and the browser tests that find them by name). `afterEdit` / `beforeRemove` hold a
 * screen's extra buttons in their place; up is off on the first row and down on the last.
 */
export function RowActions(props: {
  label: string;
  texts: RowActionTexts;
  busy: boolean;
  index: number;
  count: number;
  onEdit(): void;
  onMove(step: -1 | 1): void;
  onRemove(): void;
  /** The class of the buttons' box; the staff area's `sa-actions` unless given. */
  className?: string;
  /** Edit stays on while a write is under way (the settings screens). */
  editWhileBusy?: boolean;
  afterEdit?: ReactNode;
  beforeRemove?: ReactNode;
}) {
  const { label, texts, busy, index } = props;
  return (
    <div className={props.className ?? 'sa-actions'}>
      <button
        type="button"
        className="button secondary"
        disabled={props.editWhileBusy ? undefined : busy}
        onClick={props.onEdit}
        aria-label={`${label} ${texts.edit}`}
      >
        {texts.edit}
      </button>
      {props.afterEdit}
      <button
        type="button"
        className="button secondary"
        disabled={busy || index === 0}
        onClick={() => props.onMove(-1)}
        aria-label={`${label} ${texts.moveUp}`}
      >
        ↑
      </button>
      <button
        type="button"
        className="button secondary"
        disabled={busy || index === props.count - 1}
        onClick={() => props.onMove(1)}
        aria-label={`${label} ${texts.moveDown}`}
      >
        ↓
      </button>
      {props.beforeRemove}
      <button type="button" className="button danger" disabled={busy} onClick={props.onRemove} aria-label={`${label} ${texts.remove}`}>
        {texts.remove}
      </button>
    </div>
  );
}
