// Opening the shift from Nueva venta's notice («Abrir caja») without going to CAJA.
export { AbrirTurnoForm } from './components/abrir-turno-form';
