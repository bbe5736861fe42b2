// Services throw AppError; the error handler (plugins/app/error-handler.ts) turns it
// into `{ detail, code, errors? }` with its status. No route formats an error itself.

export interface CampoError {
  campo: string;
  mensaje: string;
}

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
    readonly errors?: CampoError[],
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const badRequest = (detail: string, code = 'BAD_REQUEST') => new AppError(400, code, detail);
export const unauthorized = (detail = 'Usuario no autenticado. Por favor, inicie sesión.', code = 'UNAUTHORIZED') =>
  new AppError(401, code, detail);
export const forbidden = (detail = 'No tiene permiso para realizar esta acción.', code = 'FORBIDDEN') => new AppError(403, code, detail);
export const notFound = (detail: string, code = 'NOT_FOUND') => new AppError(404, code, detail);
export const conflict = (detail: string, code: string) => new AppError(409, code, detail);
export const validation = (detail: string, errors: CampoError[] = []) => new AppError(422, 'VALIDATION_ERROR', detail, errors);
