// npm run respaldo: one backup of the embedded database now, into RESPALDO_DIR (.data/respaldos),
// whether the app is running or not. The work is apps/api/src/modules/respaldos/cli.ts, run built
// (apps/api/dist/respaldos.js, respaldos-lib.mjs).
import { correrComandoDeRespaldos } from './respaldos-lib.mjs';

correrComandoDeRespaldos('respaldo', process.argv.slice(2));
