import { apiFetch, logged } from '../../lib/api-client';

/** A table guests order at by its QR code (owner only). */
export interface DiningTable {
  id: number;
  /** "12", "Terrasse 3": 1–20 characters, unique. */
  label: string;
  /** An inactive table takes no orders; its QR code answers "unknown table". */
  active: boolean;
  /** The storefront link its QR code carries, with the table's secret. */
  link: string;
  created_at: string;
}

export interface TableBody {
  label: string;
  active: boolean;
}

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
});

export function getTables(): Promise<DiningTable[]> {
  return logged('getTables', apiFetch<DiningTable[]>('/admin/tables'));
}

export function createTable(body: TableBody): Promise<DiningTable> {
  return logged('createTable', apiFetch<DiningTable>('/admin/tables', json('POST', body)));
}

export function updateTable(id: number, body: TableBody): Promise<DiningTable> {
  return logged('updateTable', apiFetch<DiningTable>(`/admin/tables/${encodeURIComponent(id)}`, json('PUT', body)));
}

/** A new secret: the printed QR codes of the table stop working at once. */
export function rotateTableSecret(id: number): Promise<DiningTable> {
  return logged('rotateTableSecret', apiFetch<DiningTable>(`/admin/tables/${encodeURIComponent(id)}/secret`, json('POST')));
}

export function deleteTable(id: number): Promise<void> {
  return logged('deleteTable', apiFetch<void>(`/admin/tables/${encodeURIComponent(id)}`, { method: 'DELETE' }));
}
