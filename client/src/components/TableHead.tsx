import { Table } from '@mantine/core';

/** A table's header row: one cell a column name. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column}>{column}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
