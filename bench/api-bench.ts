// API benchmark: a shop with 100,000 products, measured through HTTP against the real app.
// Prints figures next to their targets; asserts nothing (a slow machine is not a failure).
//
//   cd apps/api && npx tsx ../../bench/api-bench.ts        (or: npm run bench, from the root)
//
// Knobs (environment): BENCH_PRODUCTS (100000), BENCH_SECONDS (10, per write run),
// BENCH_API_POOL (the API's connection pool; unset = the app's own default, as npm start runs it).
//
// The app runs in a child process (this same file, BENCH_ROLE=server): autocannon and the
// raw-SQL workers would otherwise share the server's event loop and slow it down.
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Pool, PoolClient } from 'pg';
import { buildApp } from '../apps/api/src/app.js';
import { createDb } from '../apps/api/src/db/client.js';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.js';
import { migrate } from '../apps/api/src/db/migrate.js';
import { makeEan13 } from '../packages/contracts/src/codigo-barra.js';
import { mulberry32 } from '../apps/api/src/db/seed/azar.js';
import { seedDemo } from '../apps/api/src/db/seed/seed.js';
import { readEnv } from '../apps/api/src/env.js';
import { detenerServidor, iniciarServidor, login, puertoLibre } from './servidor-hijo.js';
import { tablaMarkdown } from './tabla.js';
import { TIPOS_PG } from '../apps/api/src/db/ids.js';

// bench/ has no package.json nor node_modules of its own: it loads as CommonJS (so no
// top-level await) and its dependencies are the API's.
const ESTE_ARCHIVO = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
const DIR_API = path.resolve(path.dirname(ESTE_ARCHIVO), '../apps/api');
const requireApi = createRequire(path.join(DIR_API, 'package.json'));
const autocannon = requireApi('autocannon') as typeof import('autocannon');
const pg = requireApi('pg') as typeof import('pg');
const { from: copyFrom } = requireApi('pg-copy-streams') as typeof import('pg-copy-streams');

const PRODUCTOS_EXTRA = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SEGUNDOS_ESCRITURA = Number(process.env.BENCH_SECONDS ?? 10);
const POOL_API = process.env.BENCH_API_POOL ? Number(process.env.BENCH_API_POOL) : undefined;

const CUENTA = { correo: 'pyme@demo.cl', password: 'Pyme1234' };
const NOMBRE_TIENDA = 'Minimarket Don Pepe';
/** The POS asks for this many rows while the cashier types or scans. */
const LIMITE_POS = 6;
const LECTURAS_BARRA = 2_000;
const BUSQUEDAS = 1_000;
const CALENTAMIENTO = 200;
const CONEXIONES = 16;
/** Enough that 16 writers for the whole run never hit NOT_ENOUGH_STOCK. */
const STOCK_HOLGADO = 10_000_000;
const SEMILLA = 0x00be_4c40;

const OBJETIVO = { lookupP99Ms: 10, searchP99Ms: 30, ratioVentas: 0.5 };

// ---------------------------------------------------------------------------
// Server role: the real app, as npm start builds it, on a port chosen by the OS.
// ---------------------------------------------------------------------------

async function runServer() {
  const databaseUrl = process.env.DATABASE_URL!;
  const env = readEnv({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
  const db = POOL_API ? createDb(databaseUrl, POOL_API) : createDb(databaseUrl);
  const app = await buildApp({ env, db, jwtSecret: crypto.randomBytes(32).toString('hex'), serveWeb: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as net.AddressInfo;
  const parar = async () => {
    await app.close().catch(() => {});
    await db.$disconnect().catch(() => {});
    process.exit(0);
  };
  process.on('message', (msg) => msg === 'stop' && void parar());
  // The parent went away (interrupted): nobody will ever ask this server to stop.
  process.on('disconnect', () => void parar());
  if (process.connected) process.send?.({ port: address.port });
}

// ---------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------

const rng = mulberry32(SEMILLA);
const entero = (min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const elegir = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)];

// ---------------------------------------------------------------------------
// 100,000 believable products: family × brand × variant × size × presentation.
// ---------------------------------------------------------------------------

type Categoria =
  'Panadería' | 'Lácteos y Quesos' | 'Abarrotes' | 'Frutas y Verduras' | 'Limpieza' | 'Fiambrería' | 'Botillería' | 'Mascotas' | 'Masivos';

/** [type, category, base price in pesos, brands (empty: sold without brand), variants, sizes] */
type Familia = readonly [string, Categoria, number, readonly string[], readonly string[], readonly string[]];

const FAMILIAS: readonly Familia[] = [
  [
    'Leche',
    'Lácteos y Quesos',
    1190,
    ['Colún', 'Soprole', 'Loncoleche', 'Surlat', 'Calo', 'Nestlé'],
    ['Entera', 'Semidescremada', 'Descremada', 'Sin Lactosa', 'Chocolate', 'Frutilla', 'Vainilla', 'Cultivada'],
    ['200 ml', '1 L', '1,5 L'],
  ],
  [
    'Leche en Polvo',
    'Lácteos y Quesos',
    4990,
    ['Nido', 'Svelty', 'Colún', 'Loncoleche'],
    ['Entera', 'Descremada', 'Instantánea', 'Crecimiento'],
    ['400 g', '800 g', '1,6 kg'],
  ],
  [
    'Leche Condensada',
    'Lácteos y Quesos',
    1890,
    ['Nestlé', 'Colún', 'Soprole'],
    ['Tradicional', 'Light', 'Cocida'],
    ['397 g', 'Doypack 1 kg'],
  ],
  [
    'Yogur',
    'Lácteos y Quesos',
    390,
    ['Soprole', 'Colún', 'Nestlé', 'Loncoleche', 'Quillayes'],
    ['Frutilla', 'Durazno', 'Vainilla', 'Natural', 'Batido Mora', 'Griego Natural', 'Protein', 'Con Cereal'],
    ['125 g', '155 g', '1 kg'],
  ],
  [
    'Queso',
    'Lácteos y Quesos',
    2990,
    ['Colún', 'Soprole', 'Quillayes', 'Chevrita', 'Frutillar', 'Santa Rosa'],
    ['Gauda Laminado', 'Mantecoso', 'Chanco', 'Parmesano Rallado', 'Fresco', 'Crema', 'Cheddar Laminado', 'Mozzarella'],
    ['150 g', '250 g', '500 g', '1 kg'],
  ],
  [
    'Mantequilla',
    'Lácteos y Quesos',
    2190,
    ['Colún', 'Soprole', 'Calo', 'Quillayes'],
    ['Con Sal', 'Sin Sal', 'Untable'],
    ['125 g', '250 g'],
  ],
  [
    'Manjar',
    'Lácteos y Quesos',
    1690,
    ['Colún', 'Nestlé', 'Soprole', 'Loncoleche'],
    ['Tradicional', 'Light', 'Blanco'],
    ['250 g', '500 g', '1 kg'],
  ],
  ['Crema de Leche', 'Lácteos y Quesos', 1390, ['Nestlé', 'Colún', 'Soprole'], ['Tradicional', 'Light', 'Para Batir'], ['200 ml', '1 L']],
  [
    'Postre',
    'Lácteos y Quesos',
    590,
    ['Soprole', 'Nestlé', 'Colún'],
    ['Leche Asada', 'Flan Vainilla', 'Sémola con Leche', 'Arroz con Leche', 'Chocolate'],
    ['110 g', '4 un'],
  ],
  [
    'Arroz',
    'Abarrotes',
    1390,
    ['Tucapel', 'Miraflores', 'Banquete', 'Aruba', 'Acuenta'],
    ['Grado 1 Grano Largo', 'Grado 2', 'Integral', 'Pregraneado', 'Grano Largo Ancho', 'Jazmín', 'Arborio'],
    ['500 g', '1 kg', '2 kg', '5 kg'],
  ],
  [
    'Fideos',
    'Abarrotes',
    990,
    ['Carozzi', 'Lucchetti', 'Don Vittorio', 'Talliani', 'Montebello'],
    ['Espirales', 'Corbatas', 'Tallarín', 'Spaghetti 5', 'Cabello de Ángel', 'Quifaros', 'Rigatoni', 'Mostacholes', 'Fetuccini', 'Lasaña'],
    ['400 g', '1 kg'],
  ],
  [
    'Aceite',
    'Abarrotes',
    2490,
    ['Chef', 'Belmont', 'Natura', 'Miraflores', 'Cristal', 'Mazola'],
    ['Vegetal', 'Maravilla', 'Canola', 'Oliva Extra Virgen', 'Soya'],
    ['900 ml', '1 L', '5 L'],
  ],
  ['Azúcar', 'Abarrotes', 1290, ['Iansa', 'Acuenta', 'Cuisine & Co'], ['Granulada', 'Flor', 'Rubia', 'Light'], ['1 kg', '5 kg']],
  [
    'Harina',
    'Abarrotes',
    1190,
    ['Selecta', 'Mont Blanc', 'Collico', 'Acuenta'],
    ['Sin Polvos de Hornear', 'Con Polvos de Hornear', 'Integral'],
    ['1 kg', '5 kg'],
  ],
  ['Sal', 'Abarrotes', 490, ['Lobos', 'Punta de Lobos', 'Acuenta'], ['Fina', 'Parrillera', 'de Mar', 'Baja en Sodio'], ['500 g', '1 kg']],
  [
    'Café',
    'Abarrotes',
    3990,
    ['Nescafé', 'Haití', 'Marley Coffee', 'Dolca', 'Cabrales'],
    ['Tradicional', 'Fina Selección', 'Descafeinado', 'Gold', 'Espresso', 'Molido'],
    ['50 g', '100 g', '170 g', '250 g'],
  ],
  [
    'Té',
    'Abarrotes',
    1490,
    ['Supremo', 'Lipton', 'Club', 'Dreams'],
    ['Ceylán', 'Verde', 'Manzanilla', 'Rojo Frutal', 'English Breakfast', 'Menta'],
    ['20 bolsitas', '50 bolsitas', '100 bolsitas'],
  ],
  [
    'Atún',
    'Abarrotes',
    1590,
    ["Van Camp's", 'Robinson Crusoe', 'San José', 'Colorado'],
    ['Lomitos en Agua', 'Lomitos en Aceite', 'Desmenuzado en Aceite', 'Light'],
    ['160 g', '170 g', '3 un'],
  ],
  ['Jurel', 'Abarrotes', 1890, ['San José', 'Robinson Crusoe', 'Colorado'], ['Natural', 'en Salsa de Tomate', 'Tipo Salmón'], ['425 g']],
  [
    'Salsa de Tomate',
    'Abarrotes',
    690,
    ['Pomarola', 'Carozzi', 'Lucchetti', 'Malloa'],
    ['Tradicional', 'Italiana', 'Con Albahaca', 'Bolognesa', 'Pizza'],
    ['200 g', '250 g', '1 kg'],
  ],
  [
    'Mayonesa',
    'Abarrotes',
    1690,
    ["Hellmann's", 'JB', 'Kraft', 'Traverso'],
    ['Tradicional', 'Light', 'Casera', 'Con Limón'],
    ['186 g', '380 g', '1 kg'],
  ],
  ['Ketchup', 'Abarrotes', 1490, ["Hellmann's", 'JB', 'Traverso', 'Heinz'], ['Tradicional', 'Picante'], ['250 g', '500 g', '1 kg']],
  ['Mostaza', 'Abarrotes', 1090, ['Traverso', 'JB', "Hellmann's"], ['Americana', 'Dijon', 'Miel'], ['250 g']],
  [
    'Sopa',
    'Abarrotes',
    590,
    ['Maggi', 'Knorr'],
    ['Pollo Fideos', 'Carne Verduras', 'Espárragos', 'Crema Champiñón', 'Cabellos de Ángel', 'Zapallo'],
    ['65 g', '4 sobres'],
  ],
  ['Caldo', 'Abarrotes', 890, ['Maggi', 'Knorr'], ['Gallina', 'Carne', 'Verduras', 'Costilla'], ['6 cubos', '12 cubos']],
  [
    'Porotos',
    'Abarrotes',
    1790,
    ['Wasil', 'Hoja Verde', 'Banquete', 'Acuenta'],
    ['Tórtola', 'Negros', 'Coscorrón', 'Hallados', 'Granados'],
    ['380 g', '500 g', '1 kg'],
  ],
  ['Lentejas', 'Abarrotes', 1690, ['Wasil', 'Hoja Verde', 'Banquete', 'Acuenta'], ['6 mm', '4 mm', 'Rojas'], ['380 g', '500 g', '1 kg']],
  ['Garbanzos', 'Abarrotes', 1790, ['Wasil', 'Hoja Verde', 'Banquete'], ['Tradicionales', 'Pelados'], ['380 g', '500 g', '1 kg']],
  [
    'Avena',
    'Abarrotes',
    1290,
    ['Quaker', 'Gold Nugget', 'Acuenta'],
    ['Tradicional', 'Instantánea', 'Multisemillas'],
    ['400 g', '800 g', '1 kg'],
  ],
  [
    'Cereal',
    'Abarrotes',
    2990,
    ['Nestlé', "Kellogg's", 'Costa', 'Quaker'],
    ['Chocapic', 'Zucaritas', 'Corn Flakes', 'Trix', 'Froot Loops', 'Estrellitas', 'Fitness Frutos Rojos'],
    ['300 g', '500 g', '730 g'],
  ],
  [
    'Galletas',
    'Abarrotes',
    790,
    ['Costa', 'McKay', 'Nestlé', 'Arcor', 'Fruna'],
    [
      'Tritón Vainilla',
      'Tritón Chocolate',
      'Morochas',
      'Obsesión',
      'Frac',
      'de Vino',
      'de Soda',
      'de Agua',
      'Kuky',
      'Criollitas',
      'Mantequilla',
      'Limón',
      'Chips Chocolate',
    ],
    ['100 g', '126 g', '4 un'],
  ],
  [
    'Chocolate',
    'Masivos',
    1290,
    ['Costa', 'Nestlé', 'Sahne-Nuss', 'Trencito', 'Arcor'],
    ['Leche', 'Bitter 70%', 'Almendras', 'Blanco', 'Crocante', 'Relleno Frutilla'],
    ['30 g', '90 g', '150 g', '250 g'],
  ],
  [
    'Mermelada',
    'Abarrotes',
    1590,
    ["Watt's", 'Regimel', 'Acuenta', 'Los Lagos'],
    ['Frutilla', 'Damasco', 'Mora', 'Frambuesa', 'Durazno', 'Ciruela'],
    ['250 g', '500 g', '1 kg'],
  ],
  [
    'Jugo en Polvo',
    'Abarrotes',
    290,
    ['Zuko', 'Livean', 'Sprim', 'Yuz'],
    ['Naranja', 'Piña', 'Durazno', 'Frutilla', 'Mango', 'Limón', 'Frambuesa', 'Naranja Plátano'],
    ['7 g', '20 g', 'Caja 15 sobres'],
  ],
  [
    'Néctar',
    'Masivos',
    990,
    ["Watt's", 'Andina', 'Del Valle', 'Kapo'],
    ['Naranja', 'Durazno', 'Piña', 'Manzana', 'Frutilla', 'Damasco', 'Tuti Frutti', 'Pera'],
    ['200 ml', '1 L', '1,5 L'],
  ],
  ['Alfajor', 'Masivos', 590, ['Costa', 'Arcor', 'Serrano', 'Gran Bretaña'], ['Chocolate', 'Manjar', 'Blanco', 'Triple'], ['un', '6 un']],
  [
    'Papas Fritas',
    'Masivos',
    1490,
    ["Lay's", 'Marco Polo', 'Evercrisp', 'Kryzpo', 'Pringles'],
    ['Corte Americano', 'Clásicas', 'Jamón Serrano', 'Queso', 'Picantes', 'Merkén'],
    ['42 g', '110 g', '180 g', '250 g'],
  ],
  ['Ramitas', 'Masivos', 790, ['Evercrisp', 'Marco Polo'], ['Queso', 'Sal', 'Merkén'], ['45 g', '200 g']],
  [
    'Bebida',
    'Masivos',
    1290,
    ['Coca-Cola', 'Pepsi', 'Fanta', 'Sprite', 'Bilz', 'Pap', 'Kem', 'Crush', 'Canada Dry', 'Inca Kola', '7Up'],
    ['Original', 'Zero', 'Light', 'Sin Azúcar'],
    ['Lata 350 ml', '591 ml', '1,5 L', '2 L', '3 L'],
  ],
  [
    'Agua Mineral',
    'Masivos',
    690,
    ['Cachantun', 'Benedictino', 'Vital', 'Puyehue'],
    ['Con Gas', 'Sin Gas', 'Levemente Gasificada', 'Más Limón'],
    ['500 ml', '1,6 L', '2 L', 'Bidón 6 L'],
  ],
  [
    'Bebida Energética',
    'Masivos',
    1390,
    ['Red Bull', 'Monster', 'Score'],
    ['Original', 'Sin Azúcar', 'Mango', 'Tropical'],
    ['250 ml', '473 ml'],
  ],
  [
    'Helado',
    'Masivos',
    2990,
    ['Savory', 'Bresler', 'Trendy'],
    ['Chocolate', 'Vainilla', 'Frutilla', 'Piña', 'Lúcuma', 'Manjar', 'Tricolor'],
    ['un', '1 L', '2 L'],
  ],
  [
    'Cerveza',
    'Botillería',
    990,
    ['Cristal', 'Escudo', 'Becker', 'Kunstmann', 'Austral', 'Corona', 'Heineken', 'Royal Guard', 'Stella Artois', 'Budweiser', 'Báltica'],
    ['Lager', 'Sin Alcohol', 'Negra', 'Miel', 'IPA', 'Torobayo'],
    ['Lata 350 ml', 'Lata 470 ml', 'Botella 1 L'],
  ],
  [
    'Vino',
    'Botillería',
    3990,
    ['Santa Rita 120', 'Casillero del Diablo', 'Gato', 'Santa Emiliana', 'Misiones de Rengo', 'Frontera', 'Undurraga'],
    ['Cabernet Sauvignon', 'Carmenere', 'Merlot', 'Sauvignon Blanc', 'Chardonnay', 'Syrah', 'Rosé'],
    ['750 ml', '1,5 L', 'Caja 2 L'],
  ],
  [
    'Pisco',
    'Botillería',
    5990,
    ['Mistral', 'Alto del Carmen', 'Capel', 'Control C', 'Campanario', 'Tres Erres'],
    ['35°', '40°', 'Reservado', 'Especial'],
    ['700 ml', '1 L'],
  ],
  ['Ron', 'Botillería', 7990, ['Havana Club', 'Bacardí', 'Pampero'], ['Blanco', 'Añejo', 'Dorado'], ['750 ml', '1 L']],
  [
    'Whisky',
    'Botillería',
    14990,
    ['Johnnie Walker', "Jack Daniel's", "Ballantine's", 'Chivas Regal'],
    ['Blended', '12 Años', 'Red Label', 'Black Label'],
    ['750 ml', '1 L'],
  ],
  [
    'Jamón',
    'Fiambrería',
    1990,
    ['San Jorge', 'PF', 'Llanquihue', 'Super Cerdo', 'Sopraval', 'Receta del Abuelo'],
    ['Pierna', 'Acaramelado', 'de Pavo', 'Colonial', 'Serrano', 'Ahumado'],
    ['100 g', '250 g', '500 g'],
  ],
  [
    'Salame',
    'Fiambrería',
    2490,
    ['San Jorge', 'PF', 'Llanquihue', 'Super Cerdo'],
    ['Tradicional', 'Picante', 'Milano', 'Italiano'],
    ['100 g', '200 g'],
  ],
  [
    'Vienesas',
    'Fiambrería',
    1690,
    ['San Jorge', 'PF', 'Llanquihue', 'Super Cerdo', 'Sopraval'],
    ['Tradicionales', 'de Pollo', 'Sin Piel', 'Jumbo', 'Coctel'],
    ['5 un', '10 un', '20 un'],
  ],
  [
    'Longaniza',
    'Fiambrería',
    3490,
    ['San Jorge', 'PF', 'Llanquihue', 'Cecinas Chillán'],
    ['Tradicional', 'Chillaneja', 'Parrillera', 'Picante'],
    ['500 g', '1 kg'],
  ],
  ['Mortadela', 'Fiambrería', 1490, ['San Jorge', 'PF', 'Llanquihue'], ['Lisa', 'Con Aceitunas', 'Bologna'], ['250 g', '500 g']],
  ['Tomate', 'Frutas y Verduras', 1490, [], ['Larga Vida', 'Cherry', 'Primera', 'Orgánico'], ['500 g', '1 kg', 'Malla 2 kg']],
  ['Palta', 'Frutas y Verduras', 4990, [], ['Hass', 'Hass Primera', 'Fuerte', 'Orgánica'], ['un', '1 kg']],
  ['Papa', 'Frutas y Verduras', 990, [], ['Blanca', 'Amarilla', 'Chilota', 'Lavada'], ['1 kg', 'Malla 2 kg', 'Saco 5 kg']],
  ['Cebolla', 'Frutas y Verduras', 990, [], ['Primera', 'Morada', 'Valenciana'], ['1 kg', 'Malla 3 kg']],
  ['Manzana', 'Frutas y Verduras', 1290, [], ['Fuji', 'Royal Gala', 'Granny Smith', 'Pink Lady', 'Roja'], ['1 kg', 'Bolsa 2 kg']],
  ['Plátano', 'Frutas y Verduras', 1190, [], ['Ecuatoriano', 'Orgánico', 'Maduro'], ['1 kg', 'un']],
  ['Limón', 'Frutas y Verduras', 1690, [], ['Sutil', 'de Pica', 'Primera'], ['500 g', '1 kg']],
  ['Lechuga', 'Frutas y Verduras', 990, [], ['Escarola', 'Costina', 'Hidropónica', 'Milanesa'], ['un']],
  [
    'Detergente',
    'Limpieza',
    4990,
    ['Omo', 'Drive', 'Ace', 'Ariel', 'Popeye', 'Skip'],
    ['Polvo', 'Líquido', 'Matic', 'Concentrado', 'Bebé', 'Con Suavizante'],
    ['800 g', '1,5 kg', '3 L', '5 L'],
  ],
  [
    'Lavaloza',
    'Limpieza',
    1490,
    ['Quix', 'Sapolio', 'Axion', 'Magistral'],
    ['Limón', 'Concentrado', 'Aloe Vera', 'Manzana'],
    ['500 ml', '750 ml', '1,5 L'],
  ],
  [
    'Cloro',
    'Limpieza',
    990,
    ['Clorox', 'Clorinda', 'Acuenta'],
    ['Tradicional', 'Gel', 'Ropa Color', 'Aroma Lavanda'],
    ['1 L', '2 L', '5 L'],
  ],
  [
    'Papel Higiénico',
    'Limpieza',
    3990,
    ['Confort', 'Elite', 'Noble', 'Favorita'],
    ['Doble Hoja', 'Triple Hoja', 'Hoja Simple', 'Aloe'],
    ['4 rollos', '12 rollos', '24 rollos', '32 rollos'],
  ],
  [
    'Toalla de Papel',
    'Limpieza',
    2490,
    ['Nova', 'Elite', 'Confort', 'Favorita'],
    ['Clásica', 'Mega Rollo', 'Doble Hoja'],
    ['2 rollos', '3 rollos', '6 rollos'],
  ],
  ['Suavizante', 'Limpieza', 2990, ['Fuzol', 'Downy', 'Soft', 'Comfort'], ['Primavera', 'Bebé', 'Lavanda', 'Concentrado'], ['1 L', '3 L']],
  [
    'Limpiador',
    'Limpieza',
    1990,
    ['Cif', 'Poett', 'Lysoform', 'Mr Músculo', 'Virginia'],
    ['Multiuso', 'Baño', 'Cocina', 'Pisos Lavanda', 'Desinfectante'],
    ['500 ml', '900 ml', '1,8 L'],
  ],
  [
    'Jabón',
    'Masivos',
    890,
    ['Dove', 'Lux', 'Le Sancy', 'Protex', 'Ballerina'],
    ['Original', 'Avena', 'Humectante', 'Antibacterial', 'Glicerina'],
    ['90 g', '125 g', 'Pack 3 x 125 g'],
  ],
  [
    'Shampoo',
    'Masivos',
    3290,
    ['Sedal', 'Pantene', 'Head & Shoulders', 'Ballerina', 'Elvive'],
    ['Reparación', 'Liso Perfecto', 'Anticaspa', 'Rizos', 'Ceramidas'],
    ['340 ml', '650 ml', '1 L'],
  ],
  [
    'Pasta Dental',
    'Masivos',
    1990,
    ['Colgate', 'Pepsodent', 'Odontine', 'Sensodyne'],
    ['Triple Acción', 'Blanqueadora', 'Herbal', 'Sensitive', 'Total 12'],
    ['90 g', '120 g'],
  ],
  [
    'Pañales',
    'Masivos',
    9990,
    ['Babysec', 'Huggies', 'Pampers'],
    ['Premium', 'Ultrasec', 'Active Sec', 'Natural Care'],
    ['Talla P', 'Talla M', 'Talla G', 'Talla XG', 'Talla XXG'],
  ],
  [
    'Alimento Perro',
    'Mascotas',
    3990,
    ['Dog Chow', 'Pedigree', 'Master Dog', 'Champion', 'Pro Plan'],
    ['Adulto', 'Cachorro', 'Senior', 'Raza Pequeña', 'Carne y Pollo'],
    ['1 kg', '3 kg', '8 kg', '15 kg', '21 kg'],
  ],
  [
    'Alimento Gato',
    'Mascotas',
    3490,
    ['Cat Chow', 'Whiskas', 'Gati', 'Master Cat', 'Pro Plan'],
    ['Adulto', 'Gatito', 'Pescado', 'Carne', 'Esterilizado'],
    ['500 g', '1 kg', '3 kg', '8 kg'],
  ],
  [
    'Arena Sanitaria',
    'Mascotas',
    4490,
    ['Perfect Cat', 'Odour Lock', 'Mininos'],
    ['Aglomerante', 'Lavanda', 'Sin Aroma'],
    ['4 kg', '10 kg'],
  ],
  ['Snack Perro', 'Mascotas', 1990, ['Pedigree', 'Dog Chow', 'Master Dog'], ['Huesitos', 'Tiras de Carne', 'Dental'], ['100 g', '500 g']],
  [
    'Pan de Molde',
    'Panadería',
    2490,
    ['Ideal', 'Fuchs', 'Castaño', 'Bimbo'],
    ['Blanco', 'Integral', 'Multigrano', 'Sin Corteza', 'Avena'],
    ['450 g', '600 g', '750 g'],
  ],
  [
    'Queque',
    'Panadería',
    2290,
    ['Ideal', 'Fuchs', 'Castaño'],
    ['Marmolado', 'Naranja', 'Chocolate', 'Zanahoria', 'Limón'],
    ['300 g', '500 g'],
  ],
  [
    'Tostadas',
    'Panadería',
    1790,
    ['Ideal', 'Castaño', 'Fuchs', 'Nutrabien'],
    ['Clásicas', 'Integrales', 'Sin Sal', 'Multigrano'],
    ['160 g', '220 g'],
  ],
];

/** How the item is sold: single, multipacks, and the shelf labels shops use for lines of a brand. */
const PRESENTACIONES: readonly (readonly [string, number])[] = [
  ['', 1],
  ['Pack 2', 1.95],
  ['Pack 3', 2.85],
  ['Pack 4', 3.8],
  ['Pack 6', 5.6],
  ['Pack 12', 11],
  ['Caja 24', 21],
  ['Oferta', 0.9],
  ['Familiar', 1.6],
  ['Económico', 0.85],
  ['Premium', 1.3],
  ['Edición Limitada', 1.15],
  ['Pack 8', 7.4],
  ['Pack 10', 9.2],
  ['Pack 24', 21.5],
  ['Caja 6', 5.6],
  ['Caja 12', 11],
  ['Display 12', 11],
  ['Display 20', 18],
  ['Bandeja', 1.4],
  ['Granel', 0.8],
  ['Importado', 1.25],
  ['Nueva Receta', 1.05],
];

/** Families sold by their brand's name first ("Bebida Coca-Cola Zero", "Cerveza Kunstmann Torobayo"). */
const MARCA_PRIMERO = new Set(['Bebida', 'Bebida Energética', 'Agua Mineral', 'Cerveza', 'Vino', 'Pisco', 'Ron', 'Whisky', 'Cereal']);

/** GS1 prefixes: mostly Chile, with the Argentine, Brazilian and Peruvian imports shops carry. */
const PREFIJOS_GS1 = ['780', '780', '780', '780', '779', '789', '775'];

interface ProductoNuevo {
  nombre: string;
  categoria: Categoria;
  marca: string | null;
  precio: number;
  costo: number;
  stock: number;
  codigo: string;
}

const redondearA90 = (precio: number) => Math.max(90, Math.round((precio + 10) / 100) * 100 - 10);

function barajar<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** Unique names while the combinations last, unique valid EAN-13 codes always. */
function generarProductos(cantidad: number, codigosExistentes: Set<string>): ProductoNuevo[] {
  const combinaciones: [number, number, number, number, number][] = [];
  FAMILIAS.forEach(([, , , marcas, variantes, tamanos], f) => {
    const nMarcas = Math.max(1, marcas.length);
    for (let m = 0; m < nMarcas; m++)
      for (let v = 0; v < variantes.length; v++)
        for (let t = 0; t < tamanos.length; t++) for (let p = 0; p < PRESENTACIONES.length; p++) combinaciones.push([f, m, v, t, p]);
  });
  barajar(combinaciones);

  const usados = new Set(codigosExistentes);
  const productos: ProductoNuevo[] = [];
  for (let i = 0; i < cantidad; i++) {
    const [f, m, v, t, p] = combinaciones[i % combinaciones.length];
    const [tipo, categoria, base, marcas, variantes, tamanos] = FAMILIAS[f];
    const marca = marcas.length > 0 ? marcas[m] : null;
    const [presentacion, factorPresentacion] = PRESENTACIONES[p];
    const partes = MARCA_PRIMERO.has(tipo) ? [tipo, marca, variantes[v]] : [tipo, variantes[v], marca];
    const nombre = [...partes, tamanos[t], presentacion].filter(Boolean).join(' ');
    const factorMarca = 0.85 + ((m * 7919) % 40) / 100;
    const precio = redondearA90(base * (1 + 0.7 * t) * factorMarca * factorPresentacion);
    let codigo: string;
    do {
      codigo = makeEan13(elegir(PREFIJOS_GS1) + String(entero(0, 999_999_999)).padStart(9, '0'));
    } while (usados.has(codigo));
    usados.add(codigo);
    productos.push({
      nombre,
      categoria,
      marca,
      precio,
      costo: Math.min(precio - 1, Math.round(precio * (0.6 + rng() * 0.25))),
      stock: entero(0, 150),
      codigo,
    });
  }
  return productos;
}

/** COPY text format: tab-separated, \N for null; our values hold no tabs, newlines or backslashes. */
async function copiarProductos(client: PoolClient, idMinimarket: number, productos: ProductoNuevo[]) {
  const stream = client.query(
    copyFrom(
      'COPY producto (id_minimarket, nombre_producto, categoria, precio_venta_actual, precio_compra_actual, stock, codigo_barra, marca) FROM STDIN',
    ),
  );
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  const LOTE = 5_000;
  for (let i = 0; i < productos.length; i += LOTE) {
    const texto = productos
      .slice(i, i + LOTE)
      .map((p) => [idMinimarket, p.nombre, p.categoria, p.precio, p.costo, p.stock, p.codigo, p.marca ?? '\\N'].join('\t'))
      .join('\n');
    if (!stream.write(texto + '\n')) await new Promise((r) => stream.once('drain', r));
  }
  stream.end();
  await done;
}

// ---------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------

function percentil(ordenados: number[], p: number) {
  if (ordenados.length === 0) return NaN;
  return ordenados[Math.min(ordenados.length - 1, Math.ceil((p / 100) * ordenados.length) - 1)];
}

function resumen(ms: number[]) {
  const o = [...ms].sort((a, b) => a - b);
  return {
    n: o.length,
    p50: percentil(o, 50),
    p99: percentil(o, 99),
    mean: o.reduce((s, x) => s + x, 0) / Math.max(1, o.length),
    max: o[o.length - 1],
  };
}

/** One keep-alive connection, one request at a time: the latency a single till sees. */
function clienteSecuencial(port: number, token: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    get(pathUrl: string): Promise<{ status: number; ms: number; total: string | undefined }> {
      return new Promise((resolve, reject) => {
        const t0 = process.hrtime.bigint();
        const req = http.request(
          { host: '127.0.0.1', port, path: pathUrl, agent, headers: { authorization: `Bearer ${token}` } },
          (res) => {
            res.resume();
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                ms: Number(process.hrtime.bigint() - t0) / 1e6,
                total: res.headers['x-total-count'] as string | undefined,
              }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      });
    },
    close: () => agent.destroy(),
  };
}

interface ProductoVenta {
  id: number;
  precio: number;
}

const METODOS = ['Efectivo', 'Tarjeta de Débito', 'Transferencia Bancaria', 'Tarjeta de Crédito'] as const;

/** A cart of 1–3 distinct products, with the prices and totals the till would send. */
function carro(productos: ProductoVenta[]) {
  const lineas = new Map<number, { id: number; precio: number; n: number }>();
  const k = entero(1, 3);
  while (lineas.size < k) {
    const p = elegir(productos);
    lineas.set(p.id, { ...p, n: entero(1, 3) });
  }
  const detalles = [...lineas.values()];
  return { detalles, total: detalles.reduce((s, d) => s + d.precio * d.n, 0), metodo: elegir(METODOS) };
}

/** The first failure of a run, as one line (an HTTP status and its body, or an error's message). */
const recortar = (texto: string) => (texto.length > 300 ? `${texto.slice(0, 300)}…` : texto);

async function medirVentasApi(port: number, token: string, idMinimarket: number, productos: ProductoVenta[], segundos: number) {
  let primerError: string | undefined;
  const instancia = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONEXIONES,
    duration: segundos,
    requests: [
      {
        method: 'POST',
        path: '/api/ventas/',
        setupRequest: (req: Record<string, unknown>) => {
          const c = carro(productos);
          return {
            ...req,
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'idempotency-key': `bench-${crypto.randomUUID()}`,
            },
            body: JSON.stringify({
              id_minimarket: idMinimarket,
              total: c.total,
              metodo_pago: c.metodo,
              detalles: c.detalles.map((d) => ({
                id_producto: d.id,
                num_unidades: d.n,
                precio_unitario: d.precio,
                subtotal: d.precio * d.n,
              })),
            }),
          };
        },
        onResponse: (status: number, body: string) => {
          if ((status < 200 || status > 299) && primerError === undefined) primerError = `HTTP ${status}: ${recortar(String(body))}`;
        },
      },
    ],
  });
  instancia.on('reqError', (err: Error) => {
    primerError ??= `error de conexión: ${err.message || String(err)}`;
  });
  const result = await instancia;
  const ok = result['2xx'];
  return {
    ok,
    perSecond: ok / (result.duration || segundos),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    primerError,
  };
}

/**
 * The floor: what the database alone costs for the same sales. Each one is the very call the API
 * makes (data/venta.ts registrarVenta): one `SELECT registrar_venta(…)`, its own transaction, straight
 * through node-postgres, with the same carts. Whatever a sale writes (stock, sale, lines with cost
 * and category, ledger, its day marked pending in resumen_pendiente) the floor writes too, so it
 * cannot drift from the API again: it used to copy the function's statements, and after the schema
 * gained columns every one of its sales failed (8,102 in one run) while the verdict still said "sí".
 */
async function medirVentasSql(pool: Pool, idMinimarket: number, idUsuario: number, productos: ProductoVenta[], segundos: number) {
  const fin = Date.now() + segundos * 1000;
  const latencias: number[] = [];
  let fallas = 0;
  let primerError: string | undefined;
  const t0 = Date.now();
  async function worker() {
    while (Date.now() < fin) {
      const c = carro(productos);
      const lineas = c.detalles.map((d) => ({ id_producto: d.id, num_unidades: d.n, precio_unitario: d.precio, subtotal: d.precio * d.n }));
      const inicio = process.hrtime.bigint();
      try {
        const { rows } = await pool.query<{ r: { repetida: boolean } }>(
          'SELECT registrar_venta($1::int, $2::int, $3::text, $4::text, $5::int, $6::text, $7::jsonb, $8::int) AS r',
          [idMinimarket, idUsuario, c.metodo, 'Completada', c.total, `bench-sql-${crypto.randomUUID()}`, JSON.stringify(lineas), null],
        );
        if (rows[0]?.r?.repetida !== false) throw new Error(`registrar_venta respondió ${JSON.stringify(rows[0]?.r)}`);
        latencias.push(Number(process.hrtime.bigint() - inicio) / 1e6);
      } catch (err) {
        fallas++;
        const e = err as { message?: string; code?: string };
        primerError ??= recortar(`${e.code ? `SQLSTATE ${e.code}: ` : ''}${e.message || String(err)}`);
      }
    }
  }
  await Promise.all(Array.from({ length: CONEXIONES }, worker));
  const r = resumen(latencias);
  return { ok: r.n, perSecond: r.n / ((Date.now() - t0) / 1000), p50: r.p50, p99: r.p99, fallas, primerError };
}

/**
 * Why a sales figure cannot be trusted, or undefined when it can: any failed sale, no sale at all, or
 * a count of sales in the database that disagrees with what the run says it made.
 */
function fallaDeVentas(m: { ok: number; fallas: number; primerError?: string }, escritas: number, exactas: boolean): string | undefined {
  const motivos: string[] = [];
  if (m.fallas > 0) motivos.push(`${m.fallas.toLocaleString('es-CL')} ventas fallidas; la primera: ${m.primerError ?? '(sin detalle)'}`);
  if (m.ok === 0) motivos.push('ninguna venta se completó');
  if (exactas ? escritas !== m.ok : escritas < m.ok) motivos.push(`${m.ok} ventas completadas, pero ${escritas} escritas en la base`);
  return motivos.length > 0 ? motivos.join('; ') : undefined;
}

async function contarVentas(pool: Pool, idMinimarket: number) {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM venta WHERE id_minimarket = $1', [idMinimarket]);
  return rows[0].n;
}

const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '—');
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '—');
const segundosDesde = (t: number) => ((Date.now() - t) / 1000).toFixed(1);

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

async function main() {
  const inicio = Date.now();
  // Other work on the machine (tests, a build) skews every figure: printed with the results.
  const cargaInicial = os.loadavg()[0];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'minimarket-bench-pg-'));
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let server: { child: ChildProcess; port: number } | undefined;
  let pool: Pool | undefined;
  let limpieza: Promise<void> | undefined;
  /** Stops what was started and removes the temp dir; once, whether the run ends or is interrupted. */
  const limpiar = () =>
    (limpieza ??= (async () => {
      if (server) await detenerServidor(server.child).catch(() => {});
      await pool?.end().catch(() => {});
      await embedded?.stop().catch(() => {});
      fs.rmSync(dataDir, { recursive: true, force: true });
    })());
  // embedded-postgres stops its server on SIGINT/SIGTERM itself (async-exit-hook) and then
  // exits, possibly before limpiar() gets there: the temp dir goes on whichever exit comes.
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrumpido = true;
      // Work in flight fails as its server and database go away: expected, not worth a trace.
      process.on('uncaughtException', () => {});
      void limpiar().finally(() => process.exit(130));
    });
  }
  try {
    const pgPort = await puertoLibre();
    embedded = await startEmbeddedPostgres({ dataDir, port: pgPort, database: 'minimarket_bench' });
    await migrate(embedded.url);
    const seedDb = createDb(embedded.url, 2);
    await seedDemo(seedDb);
    await seedDb.$disconnect();
    console.log(`PostgreSQL embebido, migrado y con datos de demostración en ${segundosDesde(inicio)} s`);

    pool = new pg.Pool({ connectionString: embedded.url, max: CONEXIONES, types: TIPOS_PG });
    // end() resolves before the sockets close; PostgreSQL's shutdown then reaches idle clients.
    pool.on('error', () => {});
    const { rows: tienda } = await pool.query<{ id_minimarket: number; id_usuario: number }>(
      'SELECT id_minimarket, id_usuario FROM minimarket WHERE nombre_minimarket = $1',
      [NOMBRE_TIENDA],
    );
    const { id_minimarket: idMinimarket, id_usuario: idUsuario } = tienda[0];
    const { rows: existentes } = await pool.query<{ codigo_barra: string }>('SELECT codigo_barra FROM producto WHERE id_minimarket = $1', [
      idMinimarket,
    ]);

    let t = Date.now();
    const nuevos = generarProductos(PRODUCTOS_EXTRA, new Set(existentes.map((r) => r.codigo_barra)));
    const client = await pool.connect();
    try {
      await copiarProductos(client, idMinimarket, nuevos);
      // The steady state a shop reaches once autovacuum has run. Right after a bulk load the
      // trigram index still holds its GIN pending list, which every search scans (README).
      await client.query('VACUUM ANALYZE producto');
    } finally {
      client.release();
    }
    const { rows: conteo } = await pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM producto WHERE id_minimarket = $1 AND estado = 'activo'",
      [idMinimarket],
    );
    const nombresUnicos = new Set(nuevos.map((p) => p.nombre)).size;
    console.log(
      `${PRODUCTOS_EXTRA.toLocaleString('es-CL')} productos cargados con COPY (${nombresUnicos.toLocaleString('es-CL')} nombres distintos) ` +
        `en ${segundosDesde(t)} s; "${NOMBRE_TIENDA}" tiene ${Number(conteo[0].n).toLocaleString('es-CL')} productos activos`,
    );

    server = await iniciarServidor(ESTE_ARCHIVO, embedded.url);
    const token = await login(server.port, CUENTA);
    const cliente = clienteSecuencial(server.port, token);
    const base = `/api/productos/?id_minimarket=${idMinimarket}&limit=${LIMITE_POS}`;

    // --- barcode lookup --------------------------------------------------------
    t = Date.now();
    const codigos = [...existentes.map((r) => r.codigo_barra), ...nuevos.map((p) => p.codigo)];
    const lookup = async () => {
      const r = await cliente.get(`${base}&codigo_barra=${elegir(codigos)}`);
      if (r.status !== 200 || r.total !== '1') throw new Error(`lectura de código: ${r.status}, total ${r.total}`);
      return r.ms;
    };
    for (let i = 0; i < CALENTAMIENTO; i++) await lookup();
    const msLookup: number[] = [];
    for (let i = 0; i < LECTURAS_BARRA; i++) msLookup.push(await lookup());
    const rLookup = resumen(msLookup);
    console.log(`Lecturas de código de barras: ${LECTURAS_BARRA} en ${segundosDesde(t)} s`);

    // --- scale labels (issue #20) ---
    // (The sales below sell unit products only: their carts are precio × n.)------------------------------------------
    // The counter's path for a label: the exact barcode first (no product has it), then the label
    // endpoint, which reads it with the shop's layout and finds the PLU. Weight labels of 200 kg
    // products with PLUs 50001–50200, at random weights.
    t = Date.now();
    await pool.query(
      `UPDATE minimarket SET etiqueta_prefijo = '20', etiqueta_digitos_plu = 5, etiqueta_contenido = 'peso' WHERE id_minimarket = $1`,
      [idMinimarket],
    );
    await pool.query(
      `INSERT INTO producto (id_minimarket, nombre_producto, categoria, precio_venta_actual, stock, codigo_barra, unidad, codigo_plu)
       SELECT $1, 'Granel de prueba ' || n, 'Fiambrería', 8990, 1000000, 'GRANEL-BENCH-' || n, 'kg', (50000 + n)::text
       FROM generate_series(1, 200) AS n`,
      [idMinimarket],
    );
    const etiquetas = Array.from({ length: 200 }, (_, i) =>
      makeEan13(`20${50001 + i}${String(100 + Math.floor(rng() * 1400)).padStart(5, '0')}`),
    );
    const msEtiquetaSola: number[] = [];
    const etiqueta = async () => {
      const codigo = elegir(etiquetas);
      const exacto = await cliente.get(`${base}&codigo_barra=${codigo}`);
      if (exacto.status !== 200 || exacto.total !== '0') throw new Error(`etiqueta como código: ${exacto.status}, total ${exacto.total}`);
      const r = await cliente.get(`/api/productos/etiqueta/${codigo}?id_minimarket=${idMinimarket}`);
      if (r.status !== 200) throw new Error(`lectura de etiqueta: ${r.status}`);
      msEtiquetaSola.push(r.ms);
      return exacto.ms + r.ms;
    };
    for (let i = 0; i < CALENTAMIENTO; i++) await etiqueta();
    msEtiquetaSola.length = 0;
    const msEtiqueta: number[] = [];
    for (let i = 0; i < LECTURAS_BARRA; i++) msEtiqueta.push(await etiqueta());
    const rEtiqueta = resumen(msEtiqueta);
    const rEtiquetaSola = resumen(msEtiquetaSola);
    console.log(`Lecturas de etiquetas de balanza: ${LECTURAS_BARRA} en ${segundosDesde(t)} s`);

    // --- name search ----------------------------------------------------------
    t = Date.now();
    const TERMINOS: Record<string, readonly string[]> = {
      comunes: [
        'leche',
        'coca',
        'pan',
        'arroz',
        'aceite',
        'galletas',
        'cerveza',
        'queso',
        'yogur',
        'detergente',
        'papel',
        'vino',
        'bebida',
        'fideos',
      ],
      raros: [
        'merkén',
        'alfajor',
        'kunstmann',
        'chirimoya',
        'quinoa',
        'torobayo',
        'mostaza',
        'garbanzos',
        'whisky',
        'lúcuma',
        'pañales',
        'sopaipilla',
      ],
      prefijos: ['le', 'co', 'ar', 'pa', 'ga', 'ce', 'ac', 'yo', 'lec', 'arr', 'gal', 'cer', 'que', 'det', 'pap', 'vin'],
    };
    /** Share of each kind in what a till types. */
    const MEZCLA: [string, number][] = [
      ['comunes', 0.45],
      ['raros', 0.2],
      ['prefijos', 0.35],
    ];
    const elegirClase = () => {
      let x = rng();
      for (const [clase, peso] of MEZCLA) if ((x -= peso) < 0) return clase;
      return MEZCLA[MEZCLA.length - 1][0];
    };
    const buscar = async (clase: string) => {
      const termino = elegir(TERMINOS[clase]);
      const r = await cliente.get(`${base}&search=${encodeURIComponent(termino)}`);
      if (r.status !== 200) throw new Error(`búsqueda "${termino}": ${r.status}`);
      return { ms: r.ms, termino, total: Number(r.total) };
    };
    for (let i = 0; i < 60; i++) await buscar(elegirClase());
    const msBusqueda: number[] = [];
    const porClase: Record<string, number[]> = { comunes: [], raros: [], prefijos: [] };
    const porTermino = new Map<string, { ms: number[]; total: number }>();
    for (let i = 0; i < BUSQUEDAS; i++) {
      const clase = elegirClase();
      const r = await buscar(clase);
      msBusqueda.push(r.ms);
      porClase[clase].push(r.ms);
      const e = porTermino.get(r.termino) ?? { ms: [], total: r.total };
      e.ms.push(r.ms);
      porTermino.set(r.termino, e);
    }
    const rBusqueda = resumen(msBusqueda);
    console.log(`Búsquedas por nombre: ${BUSQUEDAS} en ${segundosDesde(t)} s`);
    cliente.close();

    // --- sales: API vs raw SQL -------------------------------------------------
    await pool.query('UPDATE producto SET stock = $1 WHERE id_minimarket = $2', [STOCK_HOLGADO, idMinimarket]);
    const { rows: vendibles } = await pool.query<ProductoVenta>(
      "SELECT id_producto AS id, precio_venta_actual AS precio FROM producto WHERE id_minimarket = $1 AND estado = 'activo' AND unidad = 'unidad'",
      [idMinimarket],
    );
    await pool.query('VACUUM ANALYZE producto');

    t = Date.now();
    await medirVentasApi(server.port, token, idMinimarket, vendibles, 2); // warm-up: JIT, query plans, pool
    const ventasAntes = await contarVentas(pool, idMinimarket);
    const api = await medirVentasApi(server.port, token, idMinimarket, vendibles, SEGUNDOS_ESCRITURA);
    const ventasApiEscritas = (await contarVentas(pool, idMinimarket)) - ventasAntes;
    console.log(`Ventas por la API: ${SEGUNDOS_ESCRITURA} s con ${CONEXIONES} conexiones (${segundosDesde(t)} s con calentamiento)`);
    await detenerServidor(server.child);
    server = undefined;

    t = Date.now();
    await medirVentasSql(pool, idMinimarket, idUsuario, vendibles, 2);
    const ventasAntesSql = await contarVentas(pool, idMinimarket);
    const sql = await medirVentasSql(pool, idMinimarket, idUsuario, vendibles, SEGUNDOS_ESCRITURA);
    const ventasSqlEscritas = (await contarVentas(pool, idMinimarket)) - ventasAntesSql;
    console.log(`Ventas en SQL directo: ${SEGUNDOS_ESCRITURA} s con ${CONEXIONES} trabajadores (${segundosDesde(t)} s con calentamiento)`);

    const { rows: pgVersion } = await pool.query<{ server_version: string }>('SHOW server_version');
    // A failed sale on either side makes its figure fail, and a failed (or zero) floor never yields
    // a ratio: no verdict "sí" out of a division by zero.
    const fallaApi = fallaDeVentas({ ok: api.ok, fallas: api.non2xx + api.errors, primerError: api.primerError }, ventasApiEscritas, false);
    const fallaSql = fallaDeVentas(sql, ventasSqlEscritas, true);
    const ratio = !fallaApi && !fallaSql && sql.perSecond > 0 ? api.perSecond / sql.perSecond : NaN;
    const veredictoRazon =
      fallaApi || fallaSql ? 'NO (medición fallida)' : Number.isFinite(ratio) && ratio >= OBJETIVO.ratioVentas ? 'sí' : 'NO';

    // --- report ----------------------------------------------------------------
    const cpus = os.cpus();
    console.log('');
    console.log(
      `Máquina: ${cpus.length} núcleos (${cpus[0]?.model.trim()}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
        `Node ${process.version}, PostgreSQL ${pgVersion[0].server_version} (embebido), ${os.platform()} ${os.release()}`,
    );
    console.log(
      `Carga del sistema (loadavg 1 min): ${cargaInicial.toFixed(2)} al empezar, ${os.loadavg()[0].toFixed(2)} al terminar ` +
        `(la del propio benchmark ronda 2; más que eso es trabajo ajeno que distorsiona las cifras)`,
    );
    console.log(
      `Datos: ${Number(conteo[0].n).toLocaleString('es-CL')} productos en "${NOMBRE_TIENDA}"; ` +
        `pool de la API: ${POOL_API ?? 'el de la app (createDb por defecto)'}; SQL directo: pg.Pool de ${CONEXIONES}`,
    );
    console.log('');
    const filas: [string, string, string, string][] = [
      ['medición', 'resultado', 'objetivo', '¿cumple?'],
      [
        `código de barras (n=${rLookup.n}, secuencial)`,
        `p50 ${f2(rLookup.p50)} ms · p99 ${f2(rLookup.p99)} ms · media ${f2(rLookup.mean)} ms`,
        `p99 < ${OBJETIVO.lookupP99Ms} ms`,
        rLookup.p99 < OBJETIVO.lookupP99Ms ? 'sí' : 'NO',
      ],
      [
        `etiqueta de balanza: código sin coincidencia + etiqueta (n=${rEtiqueta.n})`,
        `p50 ${f2(rEtiqueta.p50)} ms · p99 ${f2(rEtiqueta.p99)} ms · media ${f2(rEtiqueta.mean)} ms`,
        `p99 < ${2 * OBJETIVO.lookupP99Ms} ms`,
        rEtiqueta.p99 < 2 * OBJETIVO.lookupP99Ms ? 'sí' : 'NO',
      ],
      [
        `  · solo GET /productos/etiqueta (n=${rEtiquetaSola.n})`,
        `p50 ${f2(rEtiquetaSola.p50)} ms · p99 ${f2(rEtiquetaSola.p99)} ms`,
        `p99 < ${OBJETIVO.lookupP99Ms} ms`,
        rEtiquetaSola.p99 < OBJETIVO.lookupP99Ms ? 'sí' : 'NO',
      ],
      [
        `búsqueda por nombre (n=${rBusqueda.n}, secuencial)`,
        `p50 ${f1(rBusqueda.p50)} ms · p99 ${f1(rBusqueda.p99)} ms · media ${f1(rBusqueda.mean)} ms`,
        `p99 < ${OBJETIVO.searchP99Ms} ms`,
        rBusqueda.p99 < OBJETIVO.searchP99Ms ? 'sí' : 'NO',
      ],
      ...Object.entries(porClase).map(([clase, ms]): [string, string, string, string] => {
        const r = resumen(ms);
        return [`  · términos ${clase} (n=${r.n})`, `p50 ${f1(r.p50)} ms · p99 ${f1(r.p99)} ms`, '', ''];
      }),
      [
        `ventas por la API (autocannon, ${CONEXIONES} conexiones, ${SEGUNDOS_ESCRITURA} s)`,
        `${f1(api.perSecond)} ventas/s · p50 ${api.p50} ms · p99 ${api.p99} ms · no-2xx ${api.non2xx} · errores ${api.errors}`,
        'sin fallas',
        fallaApi ? 'FALLÓ' : 'sí',
      ],
      [
        `piso: registrar_venta en SQL directo (${CONEXIONES} trabajadores, ${SEGUNDOS_ESCRITURA} s)`,
        `${f1(sql.perSecond)} ventas/s · p50 ${f1(sql.p50)} ms · p99 ${f1(sql.p99)} ms · fallas ${sql.fallas}`,
        'sin fallas',
        fallaSql ? 'FALLÓ' : 'sí',
      ],
      ['razón API / SQL directo', f2(ratio), `≥ ${OBJETIVO.ratioVentas}`, veredictoRazon],
    ];
    console.log(tablaMarkdown(filas[0], filas.slice(1)));

    console.log(
      `\nVentas escritas en la base durante la medición: API ${ventasApiEscritas} (2xx: ${api.ok}), ` +
        `SQL directo ${ventasSqlEscritas} (confirmadas: ${sql.ok})`,
    );
    console.log('\nBúsqueda por término (filas que coinciden = x-total-count):');
    const terminos = [...porTermino.entries()].sort((a, b) => resumen(b[1].ms).p50 - resumen(a[1].ms).p50);
    for (const [termino, e] of terminos) {
      const r = resumen(e.ms);
      console.log(
        `  ${JSON.stringify(termino).padEnd(14)} ${String(e.total).padStart(6)} filas   p50 ${f1(r.p50).padStart(6)} ms   p99 ${f1(r.p99).padStart(6)} ms   (n=${r.n})`,
      );
    }
    console.log(`\nDuración total: ${segundosDesde(inicio)} s`);
    // A slow figure is only a "NO"; a failed one makes the run fail (npm run bench reports it).
    if (fallaApi) console.error(`\n✖ Ventas por la API: ${fallaApi}`);
    if (fallaSql) console.error(`\n✖ Piso de ventas (registrar_venta en SQL directo): ${fallaSql}`);
    ventasFallidas = Boolean(fallaApi || fallaSql);
  } finally {
    await limpiar();
  }
}

let interrumpido = false;
let ventasFallidas = false;

(process.env.BENCH_ROLE === 'server' ? runServer() : main())
  // Explicitly: embedded-postgres' exit hook ends the process with process.exit(0) on 'beforeExit',
  // which would override a process.exitCode set here.
  .then(() => ventasFallidas && process.exit(1))
  .catch((err) => {
    if (interrumpido) return;
    console.error(err);
    process.exit(1);
  });
