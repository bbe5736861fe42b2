// The two commands an owner runs by hand (scripts/respaldo.mjs, scripts/restaurar.mjs):
//   respaldo                    one backup now, the app running or not
//   restaurar <archivo> [--si]  puts one back, the app stopped, after saying what it replaces
// Every message in Spanish; a refusal is one line and exit code 1.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline/promises';
import { contar } from '@minimarket/contracts/formato';
import { ZONA_HORARIA } from '@minimarket/contracts/reglas';
import { formatBytes } from '@minimarket/contracts/respaldos';
import { startEmbeddedPostgres, urlEmbebida, type EmbeddedDatabase } from '../../db/embedded-postgres.js';
import { readEnv, type Env } from '../../env.js';
import { tomarRespaldo } from './base-fisica.js';
import { podarRespaldos } from './carpeta.js';
import { planificarRestauracion, restaurar } from './restaurar.js';

const fechaHora = new Intl.DateTimeFormat('es-CL', { timeZone: ZONA_HORARIA, dateStyle: 'long', timeStyle: 'short' });

const SIN_RESPALDOS_DE_LA_APP =
  'Con DATABASE_URL la app no respalda la base de datos: use los respaldos de su servidor ' +
  '(pg_dump o pg_basebackup, o las instantáneas del servicio administrado). Ver docs/respaldos.md.';

/** The port of the PostgreSQL running on the folder, if one is (postmaster.pid's 4th line). */
function puertoEnUso(dataDir: string): number | undefined {
  let lineas: string[];
  try {
    lineas = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lineas[0]);
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  const port = Number(lineas[3]);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

async function respaldo(env: Env) {
  if (env.DATABASE_URL) throw new Error(SIN_RESPALDOS_DE_LA_APP);
  const dataDir = path.resolve(env.PG_DATA_DIR);
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new Error(`No hay una base embebida en ${dataDir}: inicie la app una vez (npm start) antes de respaldarla.`);
  }
  const port = puertoEnUso(dataDir);
  let propia: EmbeddedDatabase | undefined;
  if (port) {
    console.log(`La app está corriendo: se respalda su base (puerto ${port}) sin detenerla.`);
  } else {
    console.log(`Iniciando PostgreSQL embebido en ${dataDir} para respaldarlo...`);
    propia = await startEmbeddedPostgres({ dataDir, port: env.PG_PORT });
  }
  try {
    const r = await tomarRespaldo({ url: propia?.url ?? urlEmbebida(port!), dir: env.RESPALDO_DIR });
    const borrados = podarRespaldos(env.RESPALDO_DIR);
    console.log(`Respaldo listo: ${path.join(path.resolve(env.RESPALDO_DIR), r.archivo)} (${formatBytes(r.bytes)}).`);
    if (borrados.length > 0) {
      console.log(
        `Se ${borrados.length === 1 ? 'borró' : 'borraron'} ${contar(borrados.length, 'respaldo antiguo', 'respaldos antiguos')} (se guardan 7 diarios y 4 semanales).`,
      );
    }
  } finally {
    await propia?.stop();
  }
}

async function restaurarArchivo(env: Env, args: string[]) {
  if (env.DATABASE_URL) throw new Error(SIN_RESPALDOS_DE_LA_APP);
  const si = args.includes('--si');
  const archivo = args.find((a) => !a.startsWith('--'));
  if (!archivo) throw new Error('Indique el archivo de respaldo: npm run restaurar -- .data/respaldos/minimarket-….tar.gz');
  const plan = await planificarRestauracion({ archivo, dataDir: env.PG_DATA_DIR, port: env.PG_PORT });
  console.log(`Respaldo: ${plan.archivo}`);
  console.log(`  tomado el ${fechaHora.format(plan.fechaRespaldo)} (${formatBytes(plan.bytesRespaldo)} comprimido)`);
  if (plan.actual) {
    console.log(
      `Reemplaza la base de ${plan.dataDir} (${formatBytes(plan.actual.bytes)}, último cambio el ${fechaHora.format(plan.actual.modificada)}).`,
    );
    console.log(`Esa carpeta no se borra: queda en ${plan.apartado}.`);
    console.log('Lo registrado después del respaldo (ventas, cambios) no estará en la base restaurada.');
  } else {
    console.log(`No hay base en ${plan.dataDir}: se crea desde el respaldo.`);
  }
  if (!si) {
    if (!process.stdin.isTTY) throw new Error('Para restaurar sin preguntar (un script), agregue --si.');
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
    const respuesta = (await rl.question('¿Restaurar? Escriba «si» para continuar: ')).trim().toLowerCase();
    rl.close();
    if (respuesta !== 'si' && respuesta !== 'sí') {
      console.log('No se restauró nada.');
      return;
    }
  }
  const { tablas } = await restaurar(plan, { port: env.PG_PORT, avisar: (m) => console.log(m) });
  const filas = Object.values(tablas).reduce((a, b) => a + b, 0);
  console.log(
    `Base restaurada en ${plan.dataDir}: ${Object.keys(tablas).length} tablas, ${filas} filas. Ya puede iniciar la app (npm start).`,
  );
}

const [comando, ...args] = process.argv.slice(2);
try {
  const env = readEnv();
  if (comando === 'respaldo') await respaldo(env);
  else if (comando === 'restaurar') await restaurarArchivo(env, args);
  else throw new Error(`Comando desconocido: ${comando ?? '(ninguno)'}. Use respaldo o restaurar.`);
  process.exit(0);
} catch (err) {
  console.error(`✖ ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
