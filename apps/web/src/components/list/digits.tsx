import type { ReactNode } from 'react';

/**
 * An ID number, a phone number or another run of digits that must never break across lines (a phone's narrow
 * cell wrapped 18-digit ID numbers mid-number). Empty values show as '-'.
 */
export function Digits({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === '') return '-';
  return (
    <span className="digits" style={{ whiteSpace: 'nowrap' }}>
      {children}
    </span>
  );
}

/** A table column's render of a digits value (身份证号, 手机号码). */
export const digitsCell = (v: unknown) => <Digits>{v === null || v === undefined ? '' : String(v)}</Digits>;
