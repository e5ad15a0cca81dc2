import { useDraggable } from '@dnd-kit/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Box, Placement } from './types';

interface Props {
  placement: Placement;
  box: Box;
  scale: number;
  selected: boolean;
  invalid: boolean;
  onSelect(): void;
  /** Moves (or, from the corner handle, resizes) by whole canvas pixels. */
  onNudge(mode: 'move' | 'resize', dx: number, dy: number): void;
}

// A button that looks like nothing but its box: the placement's drawing is its content.
const BARE = { border: 0, padding: 0, margin: 0, background: 'transparent', font: 'inherit', textAlign: 'left', display: 'block' } as const;

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** Arrow keys nudge by one pixel, ten with Shift. */
function arrowKeys(nudge: (dx: number, dy: number) => void) {
  return (e: KeyboardEvent) => {
    const step = ARROWS[e.key];
    if (!step) return;
    e.preventDefault();
    const by = e.shiftKey ? 10 : 1;
    nudge(step[0] * by, step[1] * by);
  };
}

/** One placement on the canvas: a surface that moves it (pointer or arrow keys) and, when selected, a corner that resizes it. */
export function PlacementBox({ placement: p, box, scale, selected, invalid, onSelect, onNudge }: Props) {
  const { t } = useTranslation('layouts');
  const move = useDraggable({ id: p.id, data: { mode: 'move', placementId: p.id }, disabled: p.locked });
  const resize = useDraggable({ id: `${p.id}/resize`, data: { mode: 'resize', placementId: p.id }, disabled: p.locked });
  const text = p.primitive?.kind === 'text' ? p.primitive.text : undefined;
  const fill = p.primitive?.kind === 'rectangle' ? p.primitive.fillColor : undefined;
  return (
    <div
      data-placement={p.id}
      style={{
        position: 'absolute',
        left: box.x * scale,
        top: box.y * scale,
        width: box.width * scale,
        height: box.height * scale,
        zIndex: p.layer + 1,
        outline: invalid ? '3px dashed #FA5252' : selected ? '2px solid #FFD43B' : '1px solid rgba(255,255,255,0.6)',
        outlineOffset: -1,
        background: fill ?? 'rgba(47,128,237,0.35)',
        opacity: p.visible ? 1 : 0.4,
      }}
    >
      {/* The drawing, under the button that moves it (whose name says the same). */}
      <div aria-hidden style={{ position: 'absolute', inset: 0, overflow: 'hidden', pointerEvents: 'none' }}>
        <span style={{ display: 'inline-block', background: '#101113', color: '#FFFFFF', fontSize: 12, padding: '1px 4px', maxWidth: '100%' }}>
          {invalid ? `${t('canvas.problem')}: ` : ''}
          {p.name}
          {p.visible ? '' : ` (${t('canvas.hidden')})`}
        </span>
        {text && (
          <span
            style={{
              display: 'block',
              color: '#FFFFFF',
              background: '#101113',
              fontSize: Math.max(10, (p.primitive?.fontSize ?? 32) * scale),
              textAlign: 'center',
            }}
          >
            {text}
          </span>
        )}
      </div>
      <button
        type="button"
        ref={move.setNodeRef}
        {...move.attributes}
        {...move.listeners}
        aria-roledescription={t('canvas.roleDescription')}
        aria-label={`${invalid ? `${t('canvas.problem')}: ` : ''}${t('canvas.move', { name: p.name })}`}
        aria-pressed={selected}
        onFocus={onSelect}
        onPointerDownCapture={onSelect}
        onKeyDown={arrowKeys((dx, dy) => onNudge('move', dx, dy))}
        style={{ ...BARE, position: 'absolute', inset: 0, cursor: p.locked ? 'default' : 'move', touchAction: 'none' }}
      />
      {selected && !p.locked && (
        <button
          type="button"
          ref={resize.setNodeRef}
          {...resize.attributes}
          {...resize.listeners}
          aria-roledescription={t('canvas.resizeDescription')}
          aria-label={t('canvas.resize', { name: p.name })}
          onKeyDown={arrowKeys((dx, dy) => onNudge('resize', dx, dy))}
          style={{
            ...BARE,
            position: 'absolute',
            right: -7,
            bottom: -7,
            width: 14,
            height: 14,
            background: '#FFD43B',
            border: '2px solid #101113',
            cursor: 'nwse-resize',
            touchAction: 'none',
          }}
        ></button>
      )}
    </div>
  );
}
