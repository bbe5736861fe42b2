/**
 * The file as a whole cannot be imported (unreadable, wrong columns, hostile): the
 * upload ends in 'Error' with this Spanish message and nothing of it is stored.
 */
export class ErrorArchivo extends Error {
  constructor(readonly mensaje: string) {
    super(mensaje);
    this.name = 'ErrorArchivo';
  }
}
