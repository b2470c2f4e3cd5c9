/** Entry point: reads config, builds the app, listens, prints the demo accounts on first start. */
import { loadConfig } from './config';
import { buildApp } from './app';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, seeded } = await buildApp(config);
  // A deep accept queue: thousands of learners may hand in within the same second.
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  const where = config.dialect === 'sqlite' ? `SQLite ${config.dataDir}/kaopei.db` : 'PostgreSQL';
  console.log(`\nKaopei (考培) is up: http://localhost:${config.port}  (API docs: /api/docs, database: ${where})`);
  if (seeded.length) {
    console.log('First start: seeded accounts');
    for (const a of seeded) console.log(`  ${a.role.padEnd(4)} ${a.userName} / ${a.password}`);
  }
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  console.error(`Kaopei did not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
