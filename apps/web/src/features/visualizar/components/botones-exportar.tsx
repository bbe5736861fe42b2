import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { mensajeDeError } from '../../../lib/api-client';
import type { TablaExportable } from '../utils/tabla-exportable';

type Formato = 'csv' | 'xlsx';

/**
 * 'Descargar CSV' and 'Descargar XLSX' for a table on screen. `descargar` lets a table the server
 * writes (the sale lines) use its own download; otherwise the table is written here, with the
 * writer imported on the click.
 */
export function BotonesExportar({
  tabla,
  descargar,
  etiqueta,
}: {
  tabla?: () => TablaExportable;
  descargar?: (formato: Formato) => Promise<void>;
  /** What is downloaded, for screen readers when a page has several tables. */
  etiqueta?: string;
}) {
  const [ocupado, setOcupado] = useState<Formato | null>(null);
  const bajar = async (formato: Formato) => {
    setOcupado(formato);
    try {
      if (descargar) await descargar(formato);
      else if (tabla) {
        const { descargarCsv, descargarXlsx } = await import('../utils/exportar');
        await (formato === 'csv' ? descargarCsv : descargarXlsx)(tabla());
      }
    } catch (e) {
      toast.error(mensajeDeError(e, 'No se pudo descargar el archivo. Inténtalo de nuevo.'));
    } finally {
      setOcupado(null);
    }
  };
  return (
    <div className="flex flex-wrap gap-2 print:hidden" role="group" aria-label={etiqueta ? `Descargar ${etiqueta}` : 'Descargar'}>
      {(['csv', 'xlsx'] as const).map((f) => (
        <Button key={f} variante="contorno" tamano="sm" disabled={ocupado !== null} onClick={() => void bajar(f)}>
          <Download className="size-4" aria-hidden="true" />
          {ocupado === f ? 'Descargando...' : `Descargar ${f.toUpperCase()}`}
        </Button>
      ))}
    </div>
  );
}
