import type { FormInstance } from 'antd';
import { ApiError, http } from '../../app/http';
import type { Envelope } from '../../resource-ui/resource-api';

/** Calls of the administration screens beyond the generic resource routes. */

export interface Paged<T> {
  total: number;
  records: T[];
}

export interface RolePermissions {
  id: number;
  menus: string[];
  buttons: string[];
  version: number;
}

export const saveRolePermissions = (id: number | string, body: Omit<RolePermissions, 'id'>) =>
  http.put<Envelope<RolePermissions>>(`/role/${encodeURIComponent(String(id))}/permissions`, body);

export const resetUserPassword = (id: number | string, password: string) =>
  http.post<Envelope<unknown>>(`/user/${encodeURIComponent(String(id))}/password`, { password });

export interface TransferRecord {
  id: number;
  employeeId: number;
  employeeName: string;
  fromUnitId: number;
  fromUnitName: string;
  toUnitId: number;
  toUnitName: string;
  reason: string;
  effectiveDate: string;
  createdBy: string | null;
  createdAt: string;
}

export interface TransferBody {
  employeeIds: number[];
  toUnitId: number;
  reason: string;
  effectiveDate: string;
}

export const transferEmployees = (body: TransferBody) =>
  http.post<Envelope<{ moved: number }>>('/account/transfer', body);

export interface InsuranceSummaryRow {
  unitId: number;
  unitName: string;
  people: number;
  enrolments: number;
  premium: number;
  active: number;
}

export const fetchInsuranceSummary = (year: number, signal?: AbortSignal) =>
  http.get<Envelope<InsuranceSummaryRow[]>>('/healthInsurance/summary', { year }, { signal }).then((a) => a.data ?? []);

export interface Profile {
  username: string;
  name: string;
  phone: string | null;
  avatar: string | null;
  userType: number;
  roleName: string;
  unitName: string | null;
  version: number;
}

export const fetchProfile = (signal?: AbortSignal) =>
  http.get<Envelope<Profile>>('/profile', undefined, { signal }).then((a) => a.data);

export const saveProfile = (body: Pick<Profile, 'name' | 'phone' | 'avatar' | 'version'>) =>
  http.put<Envelope<unknown>>('/profile', body);

export interface OplogRecord {
  id: number;
  at: string;
  userId: number | null;
  username: string | null;
  /** The account's name (李卫康) beside its sign-in name; null when no account acted (an unknown sign-in name). */
  name: string | null;
  action: string;
  resource: string | null;
  recordId: string | null;
  before: unknown;
  after: unknown;
  success: boolean;
  detail: string | null;
  ip: string | null;
}

/**
 * Puts a 400's field errors on the form fields it names (paths 'name', 'body.name', '/name'); returns whether
 * any landed. Other failures are for the caller.
 */
export function applyFieldErrors(form: FormInstance, error: unknown, fields: readonly string[]): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const byField = new Map<string, string[]>();
  for (const e of error.errors) {
    const key = e.path.split(/[./]/).find((p) => fields.includes(p));
    if (key) byField.set(key, [...(byField.get(key) ?? []), e.message]);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  return byField.size > 0;
}
