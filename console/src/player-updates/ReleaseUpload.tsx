import { Button, FileInput, Group, Progress, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyDone, notifyFailed } from '../common/notify';
import { uploadRelease } from './upload-release';

/** For owners: a release's artifact, manifest and signature, uploaded together with their progress shown. */
export function ReleaseUpload() {
  const { t } = useTranslation('playerUpdates');
  const client = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [percent, setPercent] = useState<number>();

  const send = async () => {
    setPercent(0);
    const answer = await uploadRelease(files, setPercent);
    setPercent(undefined);
    if (!answer.ok) return notifyFailed(answer.error);
    setFiles([]);
    const version = answer.data.versionName;
    notifyDone(answer.data.duplicate ? t('upload.duplicate', { version }) : t('upload.done', { version }));
    await client.invalidateQueries({ predicate: (q) => String(q.queryKey[1]).startsWith('/api/v1/player-releases') });
  };

  return (
    <Stack component="section" aria-labelledby="release-upload">
      <Title order={3} size="h5" id="release-upload">
        {t('upload.title')}
      </Title>
      <Group align="flex-end">
        <FileInput label={t('upload.files')} description={t('upload.filesHint')} multiple clearable value={files} onChange={setFiles} w={420} />
        <Button disabled={files.length === 0} loading={percent !== undefined} onClick={() => void send()}>
          {t('upload.submit')}
        </Button>
      </Group>
      {percent !== undefined && <Progress value={percent} aria-label={t('upload.progress')} />}
    </Stack>
  );
}
