import { hc } from 'hono/client';
import type { AppType } from '../../../worker/index';
const client = hc<AppType>('/api');
export const probe = client.analysis[':id'].$get;
export async function x() { const r = await client.analysis[':id'].$get({ param: { id: 'a' } }); if (r.ok) { const j = await r.json(); const s: string = j.analysis?.status ?? ''; return s; } return ''; }
export async function y() { const r = await client.analysis[':id'].$get({ param: { id: 'a' } }); const j = await r.json(); const n: number = j.analysis; return n; }
