// A table's header row: a column heading a name, in the order given. A name given as false, null or
// undefined leaves that column out (a column the reader chose not to include).
export function ColumnHeads({ names }: { names: ReadonlyArray<string | false | null | undefined> }) {
  return (
    <thead>
      <tr>
        {names.map((name) =>
          name ? (
            <th key={name} scope="col">
              {name}
            </th>
          ) : null,
        )}
      </tr>
    </thead>
  );
}
