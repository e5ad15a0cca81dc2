import { DndContext, type DragMoveEvent, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelBox } from './PanelBox';
import { faultyPanels, movePanel, type Panel, type Wall } from './wall-geometry';

interface Props {
  wall: Wall;
  selectedId: string | undefined;
  editable: boolean;
  onSelect(screenId: string): void;
  onPanel(panel: Panel): void;
}

const MAX_HEIGHT = 520;
// Within this many screen pixels a dragged panel meets an edge (of the canvas or of another panel) exactly.
const SNAP_PX = 12;

/** The wall's canvas scaled to its column, each member's panel where it sits; panels are dragged into place. */
export function WallCanvas({ wall, selectedId, editable, onSelect, onPanel }: Props) {
  const { t } = useTranslation('groups');
  const { ref, width } = useElementSize();
  const { canvas } = wall;
  const scale = width ? Math.min(width / canvas.width, MAX_HEIGHT / canvas.height) : 0;
  const [live, setLive] = useState<Panel>();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 3 } }));
  const faulty = faultyPanels(wall);

  const proposal = (e: DragMoveEvent) => {
    const panel = wall.panels.find((p) => p.screenId === e.active.id);
    return panel && scale ? movePanel(panel, e.delta.x / scale, e.delta.y / scale, wall, SNAP_PX / scale) : undefined;
  };

  return (
    <Box ref={ref} w="100%">
      <DndContext
        sensors={sensors}
        accessibility={{ screenReaderInstructions: { draggable: t('wall.instructions') } }}
        onDragMove={(e) => editable && setLive(proposal(e))}
        onDragEnd={(e) => {
          const done = editable ? proposal(e) : undefined;
          setLive(undefined);
          if (done) onPanel(done);
        }}
        onDragCancel={() => setLive(undefined)}
      >
        <section
          aria-label={t('wall.canvasLabel', { width: String(canvas.width), height: String(canvas.height) })}
          style={{ position: 'relative', width: canvas.width * scale, height: canvas.height * scale, background: '#101113', outline: '1px solid #868E96' }}
        >
          {scale > 0 &&
            wall.panels.map((p) => (
              <PanelBox
                key={p.screenId}
                panel={p}
                at={live?.screenId === p.screenId ? live : p}
                scale={scale}
                selected={p.screenId === selectedId}
                faulty={faulty.has(p.screenId)}
                editable={editable}
                onSelect={() => onSelect(p.screenId)}
                onNudge={(dx, dy) => onPanel(movePanel(p, dx, dy, wall, 0))}
              />
            ))}
        </section>
      </DndContext>
    </Box>
  );
}
