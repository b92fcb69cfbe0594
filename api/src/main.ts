/** `node api/dist/main.js`: the API as its own process (used by `npm start`). */
import { startServer } from './server.js';

const running = await startServer();
console.log(`API listening: ${running.url}`);
console.log(`Database: ${running.database.description}`);
if (running.admin) console.log(`Administrator (development, /admin): ${running.admin.username} / ${running.admin.password}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`API stopping (${signal})…`);
  try {
    await running.stop();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
