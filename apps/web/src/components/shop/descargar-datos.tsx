import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { apiDownload } from '../../lib/api-archivos';
import { mensajeDeError } from '../../lib/api-client';
import { hoyEnSantiago } from '../../utils/format';
import { Button } from '../ui/button';

/**
 * «Descargar mis datos (.zip)»: everything of one shop as the server writes it (GET
 * /api/minimarkets/:id/exportacion), behind the session's token like every other download. The
 * owner's Configuración and the administrador's page of a shop both show it.
 */
export function DescargarDatos({ idMinimarket, texto = 'Descargar mis datos (.zip)' }: { idMinimarket: number; texto?: string }) {
  const [descargando, setDescargando] = useState(false);
  const descargar = async () => {
    setDescargando(true);
    try {
      await apiDownload(
        'GET /minimarkets/:id/exportacion',
        { params: { id: idMinimarket } },
        `minimarket-${idMinimarket}-${hoyEnSantiago()}.zip`,
      );
    } catch (e) {
      toast.error(mensajeDeError(e, 'No se pudieron descargar los datos. Inténtalo de nuevo.'));
    } finally {
      setDescargando(false);
    }
  };
  return (
    <Button variante="contorno" disabled={descargando} onClick={() => void descargar()}>
      <Download className="size-4" aria-hidden="true" /> {descargando ? 'Preparando el archivo...' : texto}
    </Button>
  );
}
