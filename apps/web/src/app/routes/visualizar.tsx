import { useParams } from 'react-router-dom';
import { SectionLayout } from '../../components/ui/section-layout';
import { CuboPage } from '../../features/visualizar/components/cubo-page';
import { RecomendacionesPage } from '../../features/visualizar/components/recomendaciones-page';
import { TarjetasPage } from '../../features/visualizar/components/tarjetas-page';
import { DatosBrutosDetalle, DatosBrutosInicio } from '../../features/visualizar/components/vistas';
import { tituloPagina } from '../../lib/app-info';

export function VisualizarLayout() {
  return (
    <SectionLayout
      titulo="Visualizar Información"
      pestanas={[
        { to: '/visualizar/recomendaciones', label: 'RECOMENDACIONES' },
        { to: '/visualizar/tarjetas', label: 'TARJETAS' },
        { to: '/visualizar/cubo', label: 'CUBO 3D' },
        { to: '/visualizar/datos-brutos', label: 'DATOS EN BRUTO' },
      ]}
    />
  );
}

export function Recomendaciones() {
  return (
    <>
      <title>{tituloPagina('Recomendaciones')}</title>
      <RecomendacionesPage />
    </>
  );
}

export function Tarjetas() {
  return (
    <>
      <title>{tituloPagina('Tarjetas')}</title>
      <TarjetasPage />
    </>
  );
}

export function Cubo() {
  return (
    <>
      <title>{tituloPagina('Cubo 3D')}</title>
      <CuboPage />
    </>
  );
}

export function DatosBrutos() {
  return (
    <>
      <title>{tituloPagina('Datos en bruto')}</title>
      <DatosBrutosInicio />
    </>
  );
}

export function DatosBrutosVista() {
  const { vista } = useParams();
  return (
    <>
      <title>{tituloPagina('Datos en bruto')}</title>
      <DatosBrutosDetalle vista={vista} />
    </>
  );
}
