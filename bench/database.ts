import pg from "pg";

async function onServer(serverUrl: string, statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Drops and recreates the database: every run starts from the same state. */
export async function recreateDatabase(serverUrl: string, name: string): Promise<string> {
  await onServer(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `CREATE DATABASE ${name}`]);
  return `${serverUrl}/${name}`;
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
}
