import { Group, Text } from '@mantine/core';

/** The fill colours the analyzers write into the DOT, by importance. */
const FILLS: [string, string][] = [
  ['Critical', 'red'],
  ['High', 'orange'],
  ['Medium', 'yellow'],
  ['Low', 'lightblue'],
  ['Informational', 'white'],
];

export function GraphLegend() {
  return (
    <Group gap={8} aria-label="Node colours by importance">
      {FILLS.map(([label, fill]) => (
        <Group key={label} gap={3}>
          <span style={{ width: 10, height: 10, background: fill, border: '1px solid #868e96', display: 'inline-block' }} />
          <Text size="xs">{label}</Text>
        </Group>
      ))}
    </Group>
  );
}
