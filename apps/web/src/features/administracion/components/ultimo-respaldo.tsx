import {
  formatBytes,
  MENSAJE_RESPALDO_ATRASADO,
  MENSAJE_RESPALDOS_DESHABILITADOS,
  MENSAJE_SIN_RESPALDOS,
} from '@minimarket/contracts/respaldos';
import { useQuery } from '@tanstack/react-query';
import { DatabaseBackup } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { ultimoRespaldoQueryOptions } from '../api/respaldos';
import { cuandoFue } from '../utils/cuando-fue';

/** The embedded database's last backup, for the administrator (docs/respaldos.md). */
export function UltimoRespaldo() {
  const { data } = useQuery(ultimoRespaldoQueryOptions());
  if (!data) return null;
  return (
    <Card className="space-y-2 p-5" data-testid="ultimo-respaldo">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-600">
        <DatabaseBackup className="size-4" aria-hidden="true" /> Respaldos
      </h2>
      {!data.habilitado ? (
        <p className="text-sm text-slate-700">{MENSAJE_RESPALDOS_DESHABILITADOS}</p>
      ) : (
        <>
          {data.ultimo && (
            <p className="text-sm text-slate-900">
              Último respaldo: {cuandoFue(data.ultimo.fecha)} · {formatBytes(data.ultimo.bytes)}
            </p>
          )}
          {data.atrasado && <Alert tipo="aviso">{data.ultimo ? MENSAJE_RESPALDO_ATRASADO : MENSAJE_SIN_RESPALDOS}</Alert>}
        </>
      )}
    </Card>
  );
}
