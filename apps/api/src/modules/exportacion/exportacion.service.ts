// A shop's data export (issue 24): everything of one shop as one .zip of CSV files with a README,
// for its owner or any administrador. It is a heavy read (lectura-pesada.ts): one of the user's
// turns and a connection of its own from the downloads' pool, held until the file ends, in one
// REPEATABLE READ transaction, so every file shows the same instant while sales go on.
import { ZONA_HORARIA } from '@minimarket/contracts/reglas';
import { Prisma } from '../../db/client.js';
import type { Descarga } from '../../lib/exportar.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { LecturasPesadas } from '../analitica/lectura-pesada.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { textoReadme } from './readme.js';
import { TABLAS_EXPORTADAS } from './tablas.js';
import { TIPO_ZIP, zipExportacion } from './zip.js';

export type ExportacionService = ReturnType<typeof createExportacionService>;

export function createExportacionService({ acceso, pesadas }: { acceso: AccesoMinimarket; pesadas: LecturasPesadas }) {
  return {
    /** 404 for no such shop, 403 for someone else's, 429 past the user's heavy reads. */
    async exportar(usuario: UsuarioSesion, idMinimarket: number): Promise<Descarga> {
      const tienda = await acceso.assertAcceso(usuario, idMinimarket);
      const conexion = await pesadas.abrir(usuario.id_usuario);
      try {
        // Dates leave with Chile's offset (tablas.ts); a cursor planned to read every row, not the
        // first tenth (the default favours a plan that starts fast over one that ends fast).
        await conexion.consultar(Prisma.sql`SELECT set_config('TimeZone', ${ZONA_HORARIA}, true),
          set_config('cursor_tuple_fraction', '1', true)`);
        const [ahora] = await conexion.consultar<{ instante: Date; fecha: string; dia: string }>(Prisma.sql`
          SELECT now() AS instante, to_char(now(), 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM') AS fecha, to_char(now(), 'YYYY-MM-DD') AS dia`);
        const { instante, fecha, dia } = ahora!;
        const readme = textoReadme(tienda, { fecha }, TABLAS_EXPORTADAS);
        return {
          nombre: `minimarket-${tienda.id_minimarket}-${dia}.zip`,
          contentType: TIPO_ZIP,
          contenido: zipExportacion(conexion, tienda.id_minimarket, TABLAS_EXPORTADAS, readme, instante),
        };
      } catch (err) {
        await conexion.cerrar();
        throw err;
      }
    },
  };
}
