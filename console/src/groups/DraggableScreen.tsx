import { ActionIcon } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The handle that carries one screen into the group (pointer, or Space and the arrow keys). */
export function DraggableScreen({ screen, disabled }: { screen: { id: string; name: string }; disabled: boolean }) {
  const { t } = useTranslation('groups');
  const drag = useDraggable({ id: screen.id, data: { screen }, disabled });
  const moving = drag.transform ? { transform: `translate(${drag.transform.x}px, ${drag.transform.y}px)`, zIndex: 10 } : undefined;
  return (
    <ActionIcon
      ref={drag.setNodeRef}
      {...drag.attributes}
      {...drag.listeners}
      variant="subtle"
      disabled={disabled}
      aria-label={t('members.drag', { name: screen.name })}
      style={{ cursor: 'grab', touchAction: 'none', ...moving }}
    >
      <IconGripVertical size={16} aria-hidden />
    </ActionIcon>
  );
}
