// npm run restaurar -- <archivo> [--si]: puts a backup back as the embedded database, the app
// stopped, after saying what it replaces (the old folder is kept aside). docs/respaldos.md. Built
// code, as respaldo runs it (respaldos-lib.mjs).
import { correrComandoDeRespaldos } from './respaldos-lib.mjs';

correrComandoDeRespaldos('restaurar', process.argv.slice(2));
