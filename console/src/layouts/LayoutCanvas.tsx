import { DndContext, type DragMoveEvent, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { Box as MantineBox } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moved, resized, snapMove, snapResize } from './geometry';
import { PlacementBox } from './PlacementBox';
import type { Box, LayoutDocument } from './types';

interface Props {
  document: LayoutDocument;
  selectedId: string | undefined;
  /** Placements publishing refused. */
  invalid: Set<string>;
  snap: boolean;
  editable: boolean;
  onSelect(id: string | undefined): void;
  onBox(id: string, box: Box): void;
}

const boxOf = (p: Box): Box => ({ x: p.x, y: p.y, width: p.width, height: p.height });
const MAX_HEIGHT = 620;

/** The canvas scaled to fit its column, placements at their positions; dragged and resized with the pointer, snapped when asked. */
export function LayoutCanvas({ document, selectedId, invalid, snap, editable, onSelect, onBox }: Props) {
  const { t } = useTranslation('layouts');
  const { ref, width } = useElementSize();
  const { canvas } = document;
  const scale = width ? Math.min(width / canvas.width, MAX_HEIGHT / canvas.height) : 0;
  // The box being dragged, drawn live; written to the document when the pointer lets go.
  const [live, setLive] = useState<{ id: string; box: Box }>();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 3 } }));

  const proposal = (e: DragMoveEvent): { id: string; box: Box } | undefined => {
    const { mode, placementId } = e.active.data.current as { mode: 'move' | 'resize'; placementId: string };
    const p = document.placements.find((x) => x.id === placementId);
    if (!p || !scale) return undefined;
    const dx = e.delta.x / scale;
    const dy = e.delta.y / scale;
    const others = document.placements.filter((o) => o.id !== p.id && o.visible).map(boxOf);
    const box = mode === 'move' ? moved(p, dx, dy, canvas) : resized(p, dx, dy, canvas);
    return { id: p.id, box: snap ? (mode === 'move' ? snapMove(box, others, canvas) : snapResize(box, others, canvas)) : box };
  };
  const nudge = (id: string, mode: 'move' | 'resize', dx: number, dy: number) => {
    const p = document.placements.find((x) => x.id === id);
    if (p && editable) onBox(id, mode === 'move' ? moved(p, dx, dy, canvas) : resized(p, dx, dy, canvas));
  };

  return (
    <MantineBox ref={ref} w="100%">
      <DndContext
        sensors={sensors}
        accessibility={{ screenReaderInstructions: { draggable: t('canvas.instructions') } }}
        onDragMove={(e) => editable && setLive(proposal(e))}
        onDragEnd={(e) => {
          const done = editable ? proposal(e) : undefined;
          setLive(undefined);
          if (done) onBox(done.id, done.box);
        }}
        onDragCancel={() => setLive(undefined)}
      >
        {/* A press on the bare canvas clears the selection (by keyboard: Tab to another control). */}
        <section
          aria-label={t('canvas.label', { width: String(canvas.width), height: String(canvas.height) })}
          onPointerDown={(e) => e.target === e.currentTarget && onSelect(undefined)}
          style={{
            position: 'relative',
            width: canvas.width * scale,
            height: canvas.height * scale,
            background: canvas.backgroundColor.slice(0, 7),
            overflow: 'hidden',
            outline: '1px solid #868e96',
          }}
        >
          {scale > 0 &&
            document.placements.map((p) => (
              <PlacementBox
                key={p.id}
                placement={p}
                box={live?.id === p.id ? live.box : boxOf(p)}
                scale={scale}
                selected={p.id === selectedId}
                invalid={invalid.has(p.id)}
                onSelect={() => onSelect(p.id)}
                onNudge={(mode, dx, dy) => nudge(p.id, mode, dx, dy)}
              />
            ))}
        </section>
      </DndContext>
    </MantineBox>
  );
}
