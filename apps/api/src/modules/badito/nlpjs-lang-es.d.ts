// @nlpjs/lang-es ships no types: the one piece Badito uses.
declare module '@nlpjs/lang-es' {
  export class StemmerEs {
    stemWord(palabra: string): string;
  }
}
