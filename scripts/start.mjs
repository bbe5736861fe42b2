// npm start: install, build, migrate, seed and serve on http://localhost:8000.
import { build, install, spawnServer } from './lib.mjs';

install();
build();
console.log('› Iniciando el servidor (migraciones y datos de demostración incluidos)...');
const server = spawnServer();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
