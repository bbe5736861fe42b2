// The camera's decoder: ZXing's browser layer over its TypeScript port (@zxing/browser, @zxing/library;
// docs/bibliotecas.md). Loaded with import() only when «Escanear con la cámara» is pressed, so none of
// it reaches the login page nor a till with a scanner gun.
import { BrowserMultiFormatOneDReader } from '@zxing/browser';
import { BarcodeFormat, DecodeHintType } from '@zxing/library';

const FORMATOS = [BarcodeFormat.EAN_13, BarcodeFormat.EAN_8, BarcodeFormat.UPC_A, BarcodeFormat.UPC_E, BarcodeFormat.CODE_128];

/**
 * Decodes what `stream` shows in `video`, frame after frame, handing each reading (or nothing) to
 * `alLeer`; when it returns true the decoding stops. `detener` stops it too.
 */
export async function leerConCamara(
  stream: MediaStream,
  video: HTMLVideoElement,
  alLeer: (texto: string | undefined) => boolean,
): Promise<{ detener: () => void }> {
  const pistas = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, FORMATOS],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const lector = new BrowserMultiFormatOneDReader(pistas, { delayBetweenScanAttempts: 150, delayBetweenScanSuccess: 500 });
  const controles = await lector.decodeFromStream(stream, video, (resultado, _error, c) => {
    if (alLeer(resultado?.getText())) c.stop();
  });
  return { detener: () => controles.stop() };
}
