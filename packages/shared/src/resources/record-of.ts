import type { DeclaredResource, FieldDef, Option } from './define-resource';

/**
 * Record types of declared resources: `RecordOf<typeof facilityResource>` is what the server's list, get and
 * export answer for a facility and what the web's pages receive, derived from the declaration's field kinds.
 */

type OptionValue<F> = F extends { options: readonly (infer O extends Option)[] } ? O['value'] : string | number;

/** The value of one field as stored and answered (before null for an optional field). */
export type FieldValue<F extends FieldDef> = F['kind'] extends 'number' | 'company' | 'employee'
  ? number
  : F['kind'] extends 'switch'
    ? boolean
    : F['kind'] extends 'select' | 'radio'
      ? OptionValue<F>
      : F['kind'] extends 'checkbox' | 'multiSelect' | 'remoteMultiSelect'
        ? OptionValue<F>[]
        : F['kind'] extends 'tags'
          ? string[]
          : F['kind'] extends 'children'
            ? F extends { children: { fields: infer C extends Record<string, FieldDef> } }
              ? ChildRecord<C>[]
              : never
            : F['kind'] extends 'file'
              ? { url: string; name: string }[]
              : F['kind'] extends 'computed'
                ? string | number | null
                : string; // input, textarea, date, hidden, richText, image

/** Keys of the fields that carry a value in the record (section titles and virtual form-only fields don't). */
type ValueKeys<Fs> = {
  [K in keyof Fs]: Fs[K] extends { kind: 'title' } | { virtual: true } ? never : K;
}[keyof Fs];
type IsRequired<F> = F extends { required: true } ? true : false;

/** The value fields of a set of declared fields: required ones never null, the others possibly null. */
export type ValuesOf<Fs extends Record<string, FieldDef>> = {
  [K in ValueKeys<Fs> as IsRequired<Fs[K]> extends true ? K : never]: FieldValue<Fs[K]>;
} & {
  [K in ValueKeys<Fs> as IsRequired<Fs[K]> extends true ? never : K]: FieldValue<Fs[K]> | null;
};

/** Names the server adds beside a field: a unit's short name, an employee's name and unit. */
type Extras<Fs extends Record<string, FieldDef>> = {
  [K in keyof Fs & string as Fs[K] extends { kind: 'company' } ? `${K}Name` : never]: string | null;
} & {
  [K in keyof Fs & string as Fs[K] extends { kind: 'employee' } ? `${K}Name` | `${K}UnitName` : never]: string | null;
};

/** One child row: its declared values and its id (absent in a row not saved yet). */
export type ChildRecord<Fs extends Record<string, FieldDef>> = ValuesOf<Fs> & { id?: number };

/** A record of a declared resource: its values plus the system columns. */
export type RecordOf<R> =
  R extends DeclaredResource<infer Fs>
    ? ValuesOf<Fs> &
        Extras<Fs> & {
          id: number;
          version: number;
          createdAt: string;
          updatedAt: string;
          deletedAt: string | null;
        }
    : never;
