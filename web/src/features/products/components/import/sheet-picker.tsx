import { Group, NativeSelect, Text } from '@mantine/core';

interface Props {
  sheets: string[];
  sheet: string;
  loading: boolean;
  onChange: (sheet: string) => void;
}

/** Which sheet of a workbook the import reads: a choice when it has more than one. */
export function SheetPicker({ sheets, sheet, loading, onChange }: Props) {
  if (sheets.length <= 1) {
    return (
      <Text size="sm" mb="sm">
        Reading sheet <b>{sheet}</b> of the workbook.
      </Text>
    );
  }
  return (
    <Group gap="sm" mb="sm" align="center">
      <Text size="sm">
        Reading sheet <b>{sheet}</b> of {sheets.length}:
      </Text>
      <NativeSelect aria-label="Sheet" data={sheets} value={sheet} disabled={loading} onChange={(event) => event.currentTarget.value !== sheet && onChange(event.currentTarget.value)} w={240} />
    </Group>
  );
}
