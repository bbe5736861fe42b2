import { PAGE_SIZE_TURNOS, type Turno } from '@minimarket/contracts/caja';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Pagination } from '../../../components/ui/pagination';
import { totalPaginas } from '../../../utils/paginacion';
import { QueryResult } from '../../../components/ui/query-result';
import { Table, Td, Th } from '../../../components/ui/table';
import { mensajeDeError } from '../../../lib/api-client';
import { formatClp, formatFechaHora } from '../../../utils/format';
import { turnosCerradosQueryOptions } from '../api/caja';
import { DiferenciaBadge, InformeTurno } from './informe-turno';

/** The closed shifts, newest first, each with the report frozen at its close. */
export function HistorialTurnos({ idMinimarket, onImprimir }: { idMinimarket: number; onImprimir: (turno: Turno) => void }) {
  const [pagina, setPagina] = useState(1);
  const [abierto, setAbierto] = useState<number | null>(null);
  const consulta = useQuery(turnosCerradosQueryOptions(idMinimarket, pagina, PAGE_SIZE_TURNOS));

  return (
    <Card className="p-4 sm:p-5">
      <h3 className="text-lg font-semibold text-slate-900">Turnos cerrados</h3>
      <QueryResult
        className="mt-3"
        query={consulta}
        filas={(d) => d.items}
        error={mensajeDeError(consulta.error, 'No se pudieron cargar los turnos cerrados.')}
        vacio={<p className="py-6 text-center text-sm text-slate-600">Todavía no hay turnos cerrados.</p>}
      >
        {(turnos) => (
          <Table caption="Turnos de caja cerrados">
            <thead>
              <tr>
                <Th>Turno</Th>
                <Th className="hidden sm:table-cell">Cerrado</Th>
                <Th className="hidden text-right md:table-cell">Esperado</Th>
                <Th className="hidden text-right md:table-cell">Contado</Th>
                <Th className="hidden sm:table-cell">Diferencia</Th>
                <Th>
                  <span className="sr-only">Acciones</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {turnos.map((t) => (
                <Fragment key={t.id_turno}>
                  <tr data-testid={`turno-${t.id_turno}`}>
                    <Td>
                      <span className="block font-mono font-medium">N° {t.numero_turno}</span>
                      <span className="block text-xs whitespace-nowrap text-slate-600 sm:hidden">
                        {t.cerrado_en && formatFechaHora(t.cerrado_en)}
                      </span>
                      {t.diferencia !== null && (
                        <span className="mt-1 block sm:hidden">
                          <DiferenciaBadge diferencia={t.diferencia} />
                        </span>
                      )}
                    </Td>
                    <Td className="hidden whitespace-nowrap sm:table-cell">{t.cerrado_en && formatFechaHora(t.cerrado_en)}</Td>
                    <Td className="hidden text-right whitespace-nowrap md:table-cell">
                      {/* A cashier's blind count: the server keeps the expected cash from them (nothing, never $0). */}
                      {t.esperado_efectivo !== null && formatClp(t.esperado_efectivo)}
                    </Td>
                    <Td className="hidden text-right whitespace-nowrap md:table-cell">
                      {t.monto_contado !== null && formatClp(t.monto_contado)}
                    </Td>
                    <Td className="hidden sm:table-cell">{t.diferencia !== null && <DiferenciaBadge diferencia={t.diferencia} />}</Td>
                    <Td>
                      <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
                        <Button
                          variante="fantasma"
                          tamano="sm"
                          aria-expanded={abierto === t.id_turno}
                          aria-controls={`informe-cierre-${t.id_turno}`}
                          onClick={() => setAbierto((a) => (a === t.id_turno ? null : t.id_turno))}
                        >
                          {abierto === t.id_turno ? 'Ocultar' : 'Ver'} informe
                          <span className="sr-only"> del turno N° {t.numero_turno}</span>
                        </Button>
                        <Button variante="contorno" tamano="sm" onClick={() => onImprimir(t)}>
                          <Printer className="size-4" aria-hidden="true" /> Imprimir
                          <span className="sr-only"> el informe del turno N° {t.numero_turno}</span>
                        </Button>
                      </div>
                    </Td>
                  </tr>
                  {abierto === t.id_turno && (
                    <tr id={`informe-cierre-${t.id_turno}`}>
                      <td colSpan={6} className="px-3 pb-3">
                        <InformeTurno
                          turno={t}
                          titulo={`Informe de cierre del turno N° ${t.numero_turno}`}
                          className="rounded-lg bg-slate-50 p-3"
                        />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </Table>
        )}
      </QueryResult>
      {consulta.data && (
        <Pagination
          className="mt-3"
          pagina={pagina}
          totalPaginas={totalPaginas(consulta.data.total, PAGE_SIZE_TURNOS)}
          onCambiar={setPagina}
        />
      )}
    </Card>
  );
}
