/**
 * One row of the file as a person sees it: `fila` is the spreadsheet row number (header
 * = 1) or, in XML, the line where the element starts (counted on from the previous element
 * when several share a line); unique and increasing either way. `celdas` are the texts in
 * the order of the header.
 */
export interface FilaLeida {
  fila: number;
  celdas: string[];
}

/**
 * A reader walks a file in constant memory. The first row it yields is the header;
 * the rest are data rows, empty ones included (the caller skips them).
 */
export type Lector = AsyncGenerator<FilaLeida, void, void>;

export interface LimitesLectura {
  /** Data rows beyond this fail the whole file (Excel's own limit is 1,048,576 rows). */
  maxFilas: number;
  /** Columns beyond this are ignored (also in the rejected-rows download). */
  maxColumnas: number;
  /** Longest text kept from one cell. */
  maxLargoCelda: number;
}

/**
 * How far a reader has got through its input, for the progress of an import: bytes of the file
 * read (CSV, XML), or of the sheet once inflated (XLSX). The reader moves `leidos` up to `total`.
 */
export interface Avance {
  leidos: number;
  total: number;
}
