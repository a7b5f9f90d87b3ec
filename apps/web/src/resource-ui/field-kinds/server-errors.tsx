import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { CellErrors } from './children-rows';

interface ServerErrors {
  /** The last 400's messages by full path ('questions.2.options.0.label'). */
  errors: CellErrors;
  set: (errors: CellErrors) => void;
  /** Forgets the messages at a path and under it (a cell edited, rows moved). */
  clear: (path: string) => void;
}

const NONE: ServerErrors = { errors: {}, set: () => undefined, clear: () => undefined };
const ServerErrorsContext = createContext<ServerErrors>(NONE);

/**
 * Holds a form's server field errors that antd's Form cannot place: those naming a cell of a child table
 * (Form.Item knows the whole collection only). The form dialog fills it; children-table.tsx reads it.
 */
export function ServerErrorsProvider({ children }: { children: ReactNode }) {
  const [errors, set] = useState<CellErrors>({});
  const clear = useCallback(
    (path: string) =>
      set((prev) => {
        const gone = Object.keys(prev).filter((p) => p === path || p.startsWith(`${path}.`));
        if (gone.length === 0) return prev;
        return Object.fromEntries(Object.entries(prev).filter(([p]) => !gone.includes(p)));
      }),
    [],
  );
  const value = useMemo(() => ({ errors, set, clear }), [errors, clear]);
  return <ServerErrorsContext.Provider value={value}>{children}</ServerErrorsContext.Provider>;
}

export const useServerErrors = () => useContext(ServerErrorsContext);
