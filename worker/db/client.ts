import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

/** A drizzle client over the D1 binding. Cheap to create; make one per request. */
export function database(db: D1Database) {
  return drizzle(db, { schema });
}

export type Database = ReturnType<typeof database>;
export { schema };
