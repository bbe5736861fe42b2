// Badito's language work, without a database: how long the classifier takes on a short question,
// on the longest message the contract lets through (500 characters of random words) and on as many
// unknown words as a question may have, and how long scoring a name against the bounded candidate
// set takes (the database hands at most MAX_CANDIDATOS_SQL products). Prints figures; asserts nothing.
//
//   cd apps/api && npx tsx ../../bench/badito-bench.ts        (or: npm run bench, from the root)
//
// Knobs (environment): BENCH_REPETICIONES (300 runs per case).
import { MAX_MENSAJE_BADITO } from '../packages/contracts/src/badito.js';
import { clasificar, MAX_PALABRAS_PREGUNTA, MAX_PALABRAS_PRODUCTO } from '../apps/api/src/modules/badito/intenciones/index.js';
import { MAX_CANDIDATOS_SQL } from '../apps/api/src/data/producto-lecturas.js';
import { buscarProducto, type ProductoCatalogo } from '../apps/api/src/modules/badito/productos.js';

const REPETICIONES = Number(process.env.BENCH_REPETICIONES ?? 300);
const PALABRAS = [
  'perro',
  'ventana',
  'zapato',
  'cuchara',
  'montaña',
  'guitarra',
  'relámpago',
  'silla',
  'nube',
  'árbol',
  'cohete',
  'lámpara',
];

function alAzar(largo: number): string {
  let s = '';
  let x = 7;
  for (;;) {
    x = (x * 48271) % 2147483647;
    const w = PALABRAS[x % PALABRAS.length]!;
    if (s.length + w.length + 1 > largo) return s.trim();
    s += `${w} `;
  }
}

function medir(nombre: string, f: () => unknown) {
  for (let i = 0; i < 20; i++) f();
  const tiempos: number[] = [];
  for (let i = 0; i < REPETICIONES; i++) {
    const t = performance.now();
    f();
    tiempos.push(performance.now() - t);
  }
  tiempos.sort((a, b) => a - b);
  const p = (q: number) => tiempos[Math.min(tiempos.length - 1, Math.floor(q * tiempos.length))]!.toFixed(3);
  console.log(`${nombre.padEnd(66)} p50 ${p(0.5).padStart(7)} ms   p95 ${p(0.95).padStart(7)} ms   máx ${p(1).padStart(7)} ms`);
}

const candidatos: ProductoCatalogo[] = Array.from({ length: MAX_CANDIDATOS_SQL }, (_, i) => ({
  id_producto: i + 1,
  nombre_producto: `Coca-Cola ${PALABRAS[i % PALABRAS.length]} ${i % 3 === 0 ? 'Zero' : ''} ${(i % 5) + 1}.5L retornable`,
  stock: i,
  precio_venta_actual: 990 + i * 10,
  precio_compra_actual: 600,
  marca: 'Coca-Cola',
}));

console.log(`Badito: clasificación y puntaje de nombres (${REPETICIONES} repeticiones por caso, sin base de datos)\n`);
medir('«¿cuánto vendí ayer en efectivo?»', () => clasificar('¿cuánto vendí ayer en efectivo?'));
medir('«precio de la coca cola»', () => clasificar('precio de la coca cola'));
medir('«¿me conviene subirle el precio al pan?»', () => clasificar('¿me conviene subirle el precio al pan?'));
medir(`${MAX_MENSAJE_BADITO} caracteres de palabras al azar (sin leer palabra a palabra)`, () => clasificar(alAzar(MAX_MENSAJE_BADITO)));
const treinta = Array.from({ length: MAX_PALABRAS_PREGUNTA }, (_, i) => `${PALABRAS[i % PALABRAS.length]}${i}`).join(' ');
medir(`${MAX_PALABRAS_PREGUNTA} palabras desconocidas (leídas todas; sin buscar producto)`, () => clasificar(treinta));
medir(`puntaje de ${MAX_PALABRAS_PRODUCTO} palabras contra ${MAX_CANDIDATOS_SQL} candidatos`, () =>
  buscarProducto(['coca', 'cola', 'zero', 'retornable', 'perro', '1'], candidatos),
);
