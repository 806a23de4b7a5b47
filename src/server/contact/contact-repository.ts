import type { ContactQuery } from '../../shared';
import type { AppDatabase } from '../db/client';
import { contactQueries } from '../db/schema';

export async function insertContactQuery(db: AppDatabase, query: ContactQuery): Promise<string> {
  const [row] = await db.insert(contactQueries).values(query).returning({ id: contactQueries.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
