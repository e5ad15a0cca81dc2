import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { humanKey, type Shown } from './diff-sides';

/** One thing as a revision or a snapshot has it: its name, then its fields in words. */
export function ShownFacts({ shown, limit }: { shown: Shown; limit?: number }) {
  const { t } = useTranslation('editorial');
  const value = (v: string | number | boolean) => (typeof v === 'boolean' ? t(v ? 'history.yes' : 'history.no') : String(v));
  const facts = shown.facts.slice(0, limit);
  return (
    <Text size="sm" component="span">
      {shown.name && <strong>{shown.name}</strong>}
      {shown.name && facts.length > 0 && ': '}
      {facts.map((f) => `${humanKey(f.key)} ${value(f.value)}`).join(', ')}
    </Text>
  );
}
