import { Stack, Title } from '@mantine/core';
import { RuleRetrieval } from '../../components/rules/RuleRetrieval';
import { RuleSets } from '../../components/rules/RuleSets';
import { ScanPlayground } from '../../components/rules/ScanPlayground';

export default function RulesPage() {
  return (
    <Stack>
      <Title order={2}>Rules</Title>
      <RuleSets />
      <RuleRetrieval />
      <ScanPlayground />
    </Stack>
  );
}
