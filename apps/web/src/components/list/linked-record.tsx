import { Tag } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * A list narrowed to one record by a link (工作台 → 去处理: `?id=`): the closable tag saying so (closing it shows the
 * whole list again), and the record's own dialog opened once when its row arrives.
 */
export function LinkedRecordTag({ label, id, onClear }: { label: string; id?: number; onClear: () => void }) {
  if (id === undefined) return null;
  return (
    <Tag
      closable
      color="blue"
      onClose={(e) => {
        e.preventDefault();
        onClear();
      }}
      data-testid="linked-record-tag"
    >
      仅显示{label} #{id}
    </Tag>
  );
}

/** Calls `open` with the linked row once per id, when the list's rows hold it. */
export function useOpenLinkedRow<T extends { id: number | string }>(
  id: number | undefined,
  rows: T[],
  open: (row: T) => void,
) {
  const opened = useRef<number | undefined>(undefined);
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    if (id === undefined || opened.current === id) return;
    const row = rows.find((r) => Number(r.id) === id);
    if (!row) return;
    opened.current = id;
    latest.current(row);
  }, [id, rows]);
}
