import { useDraggable } from '@dnd-kit/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { innerRegion, type Panel } from './wall-geometry';

interface Props {
  panel: Panel;
  /** Where it is drawn (live while dragged). */
  at: Panel;
  scale: number;
  selected: boolean;
  faulty: boolean;
  editable: boolean;
  onSelect(): void;
  onNudge(dx: number, dy: number): void;
}

const BARE = { border: 0, padding: 0, margin: 0, background: 'transparent', font: 'inherit', display: 'block' } as const;
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** One member's panel on the wall: the bezels drawn as its frame; moved by pointer or arrow keys (10 canvas pixels, 100 with Shift). */
export function PanelBox({ panel, at, scale, selected, faulty, editable, onSelect, onNudge }: Props) {
  const { t } = useTranslation('groups');
  const drag = useDraggable({ id: panel.screenId, disabled: !editable });
  const inner = innerRegion(at);
  const onKey = (e: KeyboardEvent) => {
    const step = ARROWS[e.key];
    if (!step || !editable) return;
    e.preventDefault();
    const by = e.shiftKey ? 100 : 10;
    onNudge(step[0] * by, step[1] * by);
  };
  return (
    <div
      style={{
        position: 'absolute',
        left: at.x * scale,
        top: at.y * scale,
        width: at.width * scale,
        height: at.height * scale,
        background: '#25262B',
        outline: faulty ? '3px dashed #FA5252' : selected ? '2px solid #FFD43B' : '1px solid #868E96',
        outlineOffset: -1,
      }}
    >
      <div
        aria-hidden
        style={{
          position: 'absolute',
          left: (inner.x - at.x) * scale,
          top: (inner.y - at.y) * scale,
          width: Math.max(0, inner.width * scale),
          height: Math.max(0, inner.height * scale),
          background: 'rgba(47,128,237,0.45)',
          color: '#FFFFFF',
          fontSize: 12,
          padding: 4,
          overflow: 'hidden',
        }}
      >
        {at.order + 1}. {panel.screenName}
        {at.rotation ? ` ↻${at.rotation}°` : ''}
      </div>
      <button
        type="button"
        ref={drag.setNodeRef}
        {...drag.attributes}
        {...drag.listeners}
        aria-roledescription={t('wall.panelRole')}
        aria-label={`${faulty ? `${t('wall.problem')}: ` : ''}${t('wall.panel', { name: panel.screenName })}`}
        aria-pressed={selected}
        onFocus={onSelect}
        onPointerDownCapture={onSelect}
        onKeyDown={onKey}
        style={{ ...BARE, position: 'absolute', inset: 0, cursor: editable ? 'move' : 'default', touchAction: 'none' }}
      />
    </div>
  );
}
