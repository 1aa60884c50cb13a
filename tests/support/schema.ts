import type { Db } from "../../backend/db/db";

/**
 * What a database's schema is, as lists a test compares: every column (type, nullability, default),
 * index, constraint, trigger, function, view and sequence of the public schema, each a sorted line.
 */
export async function schemaOf(db: Db) {
  const lines = async (sql: string) => (await db.query<{ line: string }>(sql)).map((r) => r.line).sort();
  return {
    columns: await lines(
      `select concat_ws(' ', table_name, column_name, data_type, udt_name, is_nullable, coalesce(column_default, '-'),
              coalesce(character_maximum_length::text, '-'), coalesce(numeric_precision::text, '-')) as line
         from information_schema.columns where table_schema = 'public'`,
    ),
    indexes: await lines(`select concat_ws(' ', tablename, indexname, indexdef) as line from pg_indexes where schemaname = 'public'`),
    constraints: await lines(
      `select concat_ws(' ', conrelid::regclass::text, conname, pg_get_constraintdef(oid)) as line
         from pg_constraint where connamespace = 'public'::regnamespace`,
    ),
    triggers: await lines(`select concat_ws(' ', tgrelid::regclass::text, tgname, pg_get_triggerdef(oid)) as line from pg_trigger where not tgisinternal`),
    functions: await lines(
      `select concat_ws(' ', proname, pg_get_function_identity_arguments(oid), pg_get_function_result(oid), md5(prosrc)) as line
         from pg_proc where pronamespace = 'public'::regnamespace`,
    ),
    views: await lines(`select concat_ws(' ', viewname, md5(definition)) as line from pg_views where schemaname = 'public'`),
    sequences: await lines(`select concat_ws(' ', sequence_name, data_type) as line from information_schema.sequences where sequence_schema = 'public'`),
  };
}

/** The public schema's tables, by name. */
export async function tablesOf(db: Db): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  return rows.map((r) => r.name).sort();
}

/** Every row of every table, each table's rows as sorted JSON lines: two databases with the same data give the same value. */
export async function rowsOf(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await tablesOf(db)) {
    // Names from the catalogue, quoted; the row as JSON text so bytea, jsonb and dates compare as text.
    const rows = await db.query<{ line: string }>(`select row_to_json(t)::text as line from "${table.replace(/"/g, '""')}" t`);
    out[table] = rows.map((r) => r.line).sort();
  }
  return out;
}
