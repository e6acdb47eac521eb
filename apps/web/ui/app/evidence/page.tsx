import { Stack, Title } from '@mantine/core';
import { UploadPanel } from '../../components/evidence/UploadPanel';
import { FilesPanel } from '../../components/evidence/FilesPanel';

export default function EvidencePage() {
  return (
    <Stack>
      <Title order={2}>Evidence</Title>
      <UploadPanel />
      <FilesPanel />
    </Stack>
  );
}
