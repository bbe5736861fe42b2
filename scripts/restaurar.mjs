// npm run restaurar -- <archivo> [--si]: puts a backup back as the embedded database, the app
// stopped, after saying what it replaces (the old folder is kept aside). docs/respaldos.md.
import { correrComandoDeRespaldos } from './respaldos-lib.mjs';

correrComandoDeRespaldos('restaurar', process.argv.slice(2));
