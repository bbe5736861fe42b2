import { fraccionDeAvance, type ArchivoCarga } from '@minimarket/contracts/uploads';
import { BarraProgreso } from '../../../components/ui/barra-progreso';
import { contar, formatEntero } from '../../../utils/format';

/** Where an upload 'En revisión' is: waiting its turn, reading its rows, or saving them. */
export function textoDeAvance(avance: ArchivoCarga['avance']): string {
  if (!avance) return 'En cola: empieza en cuanto haya un lugar libre.';
  if (avance.etapa === 'guardando') return `Guardando ${contar(avance.filas_leidas, 'fila')}...`;
  const total = avance.filas_estimadas ? ` de ~${formatEntero(avance.filas_estimadas)}` : '';
  return `Leídas ${formatEntero(avance.filas_leidas)}${total} filas`;
}

export function AvanceCarga({ carga, className }: { carga: ArchivoCarga; className?: string }) {
  return (
    <BarraProgreso
      fraccion={carga.avance ? fraccionDeAvance(carga.avance) : null}
      texto={textoDeAvance(carga.avance)}
      className={className}
    />
  );
}
