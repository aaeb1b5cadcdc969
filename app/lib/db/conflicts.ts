// Telling the database's refusals apart, and retrying a transaction that lost a race.
// Prisma reports them by code, the same for SQLite and PostgreSQL.

/** A write broke a unique key (P2002): the row is already there. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "P2002";
}

/** A write named a row that does not exist through a foreign key (P2003). */
export function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "P2003";
}

/**
 * Runs a read-then-write transaction again when a concurrent writer got there first
 * (a unique-key violation). SQLite serialises transactions anyway; PostgreSQL under READ
 * COMMITTED can let two of them see "no row" at once, and the loser retries.
 */
export async function retryOnConflict<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= attempts) throw error;
    }
  }
}
